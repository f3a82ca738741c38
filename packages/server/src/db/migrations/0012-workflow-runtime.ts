import type { Migration } from './index.js';

// The workflow engine's state (domains/workflow/engine): instances on a business record, tokens resting at
// steps (with the stack of parallel forks they are inside), tasks (one per approver; their outcomes are the
// votes of a step), the history timeline, durable timers and the outbox of after-commit work. Every
// command changes these in one transaction holding the instance row's lock.
export const workflowRuntime: Migration = {
  id: 12,
  name: 'workflow-runtime',
  sql: `
CREATE TABLE workflow_instance (
  sid text PRIMARY KEY,
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  company_sid text,
  definition_sid text NOT NULL REFERENCES workflow_definition(sid),
  definition_key text NOT NULL,
  model text NOT NULL,
  record_sid text NOT NULL,
  status text NOT NULL CHECK (status IN ('draft', 'running', 'withdrawn', 'approved', 'rejected', 'ended')),
  starter_sid text NOT NULL REFERENCES user_account(sid),
  variables jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- Restart mode 2: the step that returned the process to its starter, where resubmitting goes back to.
  returned_from_node text,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  submitted_at timestamptz,
  finished_at timestamptz
);
-- One open process per record: a draft, a running one, or one withdrawn to its starter.
CREATE UNIQUE INDEX workflow_instance_open_idx ON workflow_instance (tenant_sid, model, record_sid)
  WHERE status IN ('draft', 'running', 'withdrawn');
CREATE INDEX workflow_instance_record_idx ON workflow_instance (tenant_sid, model, record_sid, created_at DESC);
CREATE INDEX workflow_instance_starter_idx ON workflow_instance (tenant_sid, starter_sid, created_at DESC, sid DESC);

CREATE TABLE workflow_token (
  sid text PRIMARY KEY,
  -- Creation order (many rows share the app clock's moment of one command).
  seq bigserial NOT NULL,
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  instance_sid text NOT NULL REFERENCES workflow_instance(sid) ON DELETE CASCADE,
  node_id text NOT NULL,
  status text NOT NULL CHECK (status IN ('active', 'waiting', 'done', 'cancelled')),
  -- The ids of the parallel forks this token is inside, outermost first; a join pops the last.
  scope text[] NOT NULL DEFAULT '{}',
  -- How many times the instance has entered this step, this visit included.
  round integer NOT NULL DEFAULT 1,
  -- Level-by-level approval: the leaders of the levels, resolved once when the step is entered.
  plan jsonb,
  origin_task_sid text,
  completed_by_task_sid text,
  created_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX workflow_token_instance_idx ON workflow_token (instance_sid, status, node_id);
CREATE INDEX workflow_token_origin_idx ON workflow_token (origin_task_sid) WHERE origin_task_sid IS NOT NULL;

CREATE TABLE workflow_task (
  sid text PRIMARY KEY,
  seq bigserial NOT NULL,
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  instance_sid text NOT NULL REFERENCES workflow_instance(sid) ON DELETE CASCADE,
  token_sid text NOT NULL REFERENCES workflow_token(sid) ON DELETE CASCADE,
  node_id text NOT NULL,
  assignee_sid text NOT NULL REFERENCES user_account(sid),
  -- Whose task it was first: kept when it is transferred or handed over.
  owner_sid text NOT NULL REFERENCES user_account(sid),
  kind text NOT NULL CHECK (kind IN ('submit', 'approve', 'signBefore', 'signAfter', 'signParallel')),
  level smallint NOT NULL DEFAULT 0 CHECK (level BETWEEN 0 AND 8),
  round integer NOT NULL DEFAULT 1,
  parent_task_sid text REFERENCES workflow_task(sid),
  origin_task_sid text,
  status text NOT NULL CHECK (status IN ('open', 'pending', 'done', 'cancelled')),
  outcome text CHECK (outcome IN ('submitted', 'approved', 'rejected', 'returned', 'jumped', 'withdrawn')),
  comment text CHECK (length(comment) <= 2000),
  attachments jsonb NOT NULL DEFAULT '[]'::jsonb,
  finished_by text REFERENCES user_account(sid),
  cancelled_by_task_sid text,
  todo_sid text REFERENCES todo(sid),
  due_at timestamptz,
  created_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX workflow_task_assignee_idx ON workflow_task (tenant_sid, assignee_sid, created_at DESC, sid DESC)
  WHERE status IN ('open', 'pending');
CREATE INDEX workflow_task_instance_idx ON workflow_task (instance_sid, token_sid, level);
CREATE INDEX workflow_task_handled_idx ON workflow_task (tenant_sid, finished_by, finished_at DESC, sid DESC)
  WHERE status = 'done';
CREATE INDEX workflow_task_origin_idx ON workflow_task (origin_task_sid) WHERE origin_task_sid IS NOT NULL;

CREATE TABLE workflow_history (
  id bigserial PRIMARY KEY,
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  instance_sid text NOT NULL REFERENCES workflow_instance(sid) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  -- NULL: the system (decided votes, timers, skipped steps).
  actor_sid text REFERENCES user_account(sid),
  action text NOT NULL,
  node_id text,
  task_sid text,
  comment text,
  attachments jsonb NOT NULL DEFAULT '[]'::jsonb,
  detail jsonb
);
CREATE INDEX workflow_history_instance_idx ON workflow_history (instance_sid, id);

CREATE TABLE workflow_job (
  sid text PRIMARY KEY,
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  instance_sid text NOT NULL REFERENCES workflow_instance(sid) ON DELETE CASCADE,
  task_sid text NOT NULL REFERENCES workflow_task(sid) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('due', 'remind')),
  run_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'done', 'cancelled', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  -- After a failed attempt: not tried again before this.
  locked_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX workflow_job_due_idx ON workflow_job (run_at) WHERE status = 'waiting';
CREATE INDEX workflow_job_task_idx ON workflow_job (task_sid) WHERE status = 'waiting';

CREATE TABLE workflow_outbox (
  id bigserial PRIMARY KEY,
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  instance_sid text,
  event text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  available_at timestamptz NOT NULL,
  -- A dispatcher's lease while it delivers; an expired lease means it died and the row is free again.
  locked_until timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  processed_at timestamptz
);
CREATE INDEX workflow_outbox_pending_idx ON workflow_outbox (available_at, id) WHERE processed_at IS NULL;
`,
};
