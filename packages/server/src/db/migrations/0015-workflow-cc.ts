import type { Migration } from './index.js';

// Carbon copies (抄送): the people a user task names as cc, written once its step is approved, one row per
// person and step of an instance. read_at is set when the person opens the instance; unread rows are the
// badge of the "CC'd to me" list, which walks the (tenant, user, newest first) index.
export const workflowCc: Migration = {
  id: 15,
  name: 'workflow-cc',
  sql: `
CREATE TABLE workflow_cc (
  sid text PRIMARY KEY,
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  instance_sid text NOT NULL REFERENCES workflow_instance(sid) ON DELETE CASCADE,
  node_id text NOT NULL,
  user_sid text NOT NULL REFERENCES user_account(sid),
  created_at timestamptz NOT NULL,
  read_at timestamptz,
  UNIQUE (instance_sid, node_id, user_sid)
);
CREATE INDEX workflow_cc_user_idx ON workflow_cc (tenant_sid, user_sid, created_at DESC);
`,
};
