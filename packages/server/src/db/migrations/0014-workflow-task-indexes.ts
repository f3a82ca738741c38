import type { Migration } from './index.js';

// Lookups of the workflow engine that 0012 left without an index (measured by bench:workflow: settling a
// step read every task ever created, 12 of the 20 ms of an approval at 10,000 open instances): a step's
// tasks by token and level, add-sign children, tasks a withdraw restores, and the foreign keys that
// deletes cascade or check through (tokens → tasks, tasks → timers, to-dos → tasks).
export const workflowTaskIndexes: Migration = {
  id: 14,
  name: 'workflow-task-indexes',
  sql: `
CREATE INDEX workflow_task_token_idx ON workflow_task (token_sid, level);
CREATE INDEX workflow_task_parent_idx ON workflow_task (parent_task_sid) WHERE parent_task_sid IS NOT NULL;
CREATE INDEX workflow_task_cancelled_by_idx ON workflow_task (cancelled_by_task_sid) WHERE cancelled_by_task_sid IS NOT NULL;
CREATE INDEX workflow_task_todo_idx ON workflow_task (todo_sid) WHERE todo_sid IS NOT NULL;
DROP INDEX workflow_job_task_idx;
CREATE INDEX workflow_job_task_idx ON workflow_job (task_sid);
`,
};
