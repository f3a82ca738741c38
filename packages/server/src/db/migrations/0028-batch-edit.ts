import type { Migration } from './index.js';

// Batch edits as durable, leased jobs (issue 18): a job holds who asked, the model, the fields and their
// new values; one item per selected record keeps its outcome and the fields' values before and after,
// written in the same transaction as the record, so a job interrupted by a crash resumes at the first
// pending item and never writes a record twice. An undo is a job of its own pointing at the edit.
export const batchEdit: Migration = {
  id: 28,
  name: 'batch-edit',
  sql: `
CREATE TABLE batch_job (
  sid text PRIMARY KEY,
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  user_sid text NOT NULL REFERENCES user_account(sid),
  company_sid text,
  side smallint NOT NULL DEFAULT 1,
  model text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('edit', 'undo')),
  -- The edit an undo restores; an edit undone names its undo.
  undo_of text REFERENCES batch_job(sid),
  undone_by text REFERENCES batch_job(sid),
  fields jsonb NOT NULL,
  field_values jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL CHECK (status IN ('waiting', 'running', 'completed', 'failed')),
  total integer NOT NULL,
  failure text,
  language text NOT NULL DEFAULT 'zh-CN',
  request_id text,
  lease_owner text,
  lease_expires_at timestamptz,
  queue_seq bigserial,
  created_at timestamptz NOT NULL,
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX batch_job_tenant_idx ON batch_job (tenant_sid, created_at DESC);
CREATE INDEX batch_job_queue_idx ON batch_job (queue_seq) WHERE status = 'waiting';
CREATE INDEX batch_job_running_idx ON batch_job (tenant_sid) WHERE status = 'running';

CREATE TABLE batch_job_item (
  job_sid text NOT NULL REFERENCES batch_job(sid) ON DELETE CASCADE,
  seq integer NOT NULL,
  record_sid text NOT NULL,
  -- pending until run; done (written), unchanged (already held the values), failed (refused), skipped (undo: changed since).
  outcome text NOT NULL DEFAULT 'pending' CHECK (outcome IN ('pending', 'done', 'unchanged', 'failed', 'skipped')),
  before jsonb,
  after jsonb,
  version_after integer,
  -- A refusal as the catalogue's code and message key with its parameters, told in the reader's language.
  error_code integer,
  error jsonb,
  PRIMARY KEY (job_sid, seq)
);
CREATE INDEX batch_job_item_pending_idx ON batch_job_item (job_sid, seq) WHERE outcome = 'pending';
`,
};
