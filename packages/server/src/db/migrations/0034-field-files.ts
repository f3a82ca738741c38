import type { Migration } from './index.js';

// Issue 18: files in fields (design samples, figures). A row per stored file uploaded for a model's field:
// staged (record_sid NULL) until a create or update saves it into a record's field, then bound to that
// record, which the download checks. Staged rows never saved are swept after a day.
export const fieldFiles: Migration = {
  id: 34,
  name: 'field-files',
  sql: `
CREATE TABLE IF NOT EXISTS field_file (
  file_sid text PRIMARY KEY REFERENCES stored_file(sid) ON DELETE CASCADE,
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  model text NOT NULL,
  field text NOT NULL,
  record_sid text,
  file_name text NOT NULL,
  uploaded_by text REFERENCES user_account(sid),
  uploaded_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS field_file_record ON field_file (tenant_sid, model, record_sid);
CREATE INDEX IF NOT EXISTS field_file_staged ON field_file (uploaded_at) WHERE record_sid IS NULL;
`,
};
