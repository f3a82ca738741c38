import type { Migration } from './index.js';

// Issue 18: an agency's close and reopen became its lifecycle actions, each with its own button resource
// (`agency:close`, `agency:reopen`) instead of the edit button (`agency:update`) the hand-written route
// asked for. Roles that could close and reopen agencies keep that: every role holding `agency:update` is
// given both action buttons (an administrator may take them away afterwards).
export const agencyActions: Migration = {
  id: 27,
  name: 'agency-actions',
  sql: `
INSERT INTO role_resource (role_sid, resource_code)
SELECT r.role_sid, a.code
  FROM role_resource r CROSS JOIN (VALUES ('agency:close'), ('agency:reopen')) AS a(code)
 WHERE r.resource_code = 'agency:update'
ON CONFLICT DO NOTHING;
`,
};
