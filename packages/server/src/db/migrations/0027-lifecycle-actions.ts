import type { Migration } from './index.js';

// Issue 18: three hand-made status changes became lifecycle actions, each with its own button resource
// (`<model>:<action>`) instead of the edit button (`<model>:update`) they needed before: an agency's close
// and reopen (a hand-written route), a deadline's complete and reopen (an update from the deadlines tab),
// a fee's pay and abandon (an update whose status a hook derived).
// Roles that could do them keep that: every role holding the edit button is given the action buttons (an
// administrator may take them away afterwards).
export const lifecycleActions: Migration = {
  id: 27,
  name: 'lifecycle-actions',
  sql: `
INSERT INTO role_resource (role_sid, resource_code)
SELECT r.role_sid, a.action_code
  FROM role_resource r
  JOIN (VALUES
    ('agency:update', 'agency:close'),
    ('agency:update', 'agency:reopen'),
    ('patent_task:update', 'patent_task:complete'),
    ('patent_task:update', 'patent_task:reopen'),
    ('fee:update', 'fee:pay'),
    ('fee:update', 'fee:abandon')
  ) AS a(update_code, action_code) ON a.update_code = r.resource_code
ON CONFLICT DO NOTHING;
`,
};
