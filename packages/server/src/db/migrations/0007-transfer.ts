import type { Migration } from './index.js';

// Spreadsheet transfer: import jobs with their progress and row errors (durable: a restart marks an
// unfinished job failed, never silently lost), and short-lived export links.
export const transfer: Migration = {
  id: 7,
  name: 'transfer',
  sql: `
CREATE TABLE import_job (
  sid text PRIMARY KEY,
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  user_sid text NOT NULL REFERENCES user_account(sid),
  company_sid text,
  model text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('all_or_nothing', 'valid_only')),
  status text NOT NULL CHECK (status IN ('waiting', 'running', 'completed', 'failed')),
  total integer NOT NULL DEFAULT 0,
  processed integer NOT NULL DEFAULT 0,
  imported integer NOT NULL DEFAULT 0,
  error_count integer NOT NULL DEFAULT 0,
  errors jsonb NOT NULL DEFAULT '[]'::jsonb,
  failure text,
  created_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX import_job_user_idx ON import_job (tenant_sid, user_sid, created_at DESC);

CREATE TABLE export_link (
  token_hash text PRIMARY KEY,
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  user_sid text NOT NULL REFERENCES user_account(sid) ON DELETE CASCADE,
  session_sid text NOT NULL,
  company_sid text,
  model text NOT NULL,
  iql text NOT NULL,
  fields text[],
  language text NOT NULL,
  expires_at timestamptz NOT NULL
);
`,
};
