import type { Migration } from './index.js';

// Import jobs as durable, leased work (issue 15): an upload waits in the database with its file until a
// server takes it (a per-server and per-tenant cap decide when), the server holding it renews a lease,
// and only a job whose lease expired is failed by another server or at start. Progress is kept per
// phase (queued, validating, writing) with the rows to write, so the page shows real figures.
export const importJobs: Migration = {
  id: 20,
  name: 'import-jobs',
  sql: `
ALTER TABLE import_job ADD COLUMN phase text NOT NULL DEFAULT 'queued'
  CHECK (phase IN ('queued', 'validating', 'writing', 'done'));
ALTER TABLE import_job ADD COLUMN to_write integer NOT NULL DEFAULT 0;
ALTER TABLE import_job ADD COLUMN side smallint NOT NULL DEFAULT 1;
ALTER TABLE import_job ADD COLUMN language text NOT NULL DEFAULT 'zh-CN';
ALTER TABLE import_job ADD COLUMN request_id text;
ALTER TABLE import_job ADD COLUMN lease_owner text;
ALTER TABLE import_job ADD COLUMN lease_expires_at timestamptz;
-- The queue's order: uploads in the same millisecond keep the order they came in.
ALTER TABLE import_job ADD COLUMN queue_seq bigserial;
UPDATE import_job SET phase = 'done' WHERE status IN ('completed', 'failed');
CREATE INDEX import_job_queue_idx ON import_job (queue_seq) WHERE status = 'waiting';
CREATE INDEX import_job_running_idx ON import_job (tenant_sid) WHERE status = 'running';

-- The uploaded file while its job waits or runs; deleted with the job's end.
CREATE TABLE import_job_file (
  job_sid text PRIMARY KEY REFERENCES import_job(sid) ON DELETE CASCADE,
  bytes bytea NOT NULL
);
`,
};
