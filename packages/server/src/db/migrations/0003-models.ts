import type { Migration } from './index.js';

// The model layer: which declaration each model table was last built from, and fast lookup of a
// record's history in the audit log.
export const models: Migration = {
  id: 3,
  name: 'models',
  sql: `
CREATE TABLE model_schema (
  name text PRIMARY KEY,
  hash text NOT NULL,
  synced_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_target_idx ON audit_log (tenant_sid, target, id);
`,
};
