import type { Migration } from './index.js';

// Issue 18: the deadline calendar and the list of all deadlines (every model's deadline stores) are opened with
// the page resource `docket.deadlines`, where the calendar needed the case deadlines' view right (`patent_task`)
// before. New tenants' default roles get it when they hold a store's view right; roles of existing tenants that
// could open the calendar keep that: each role holding `patent_task` is given the page (an administrator may
// take it away afterwards).
export const deadlinePages: Migration = {
  id: 35,
  name: 'deadline-pages',
  sql: `
INSERT INTO role_resource (role_sid, resource_code)
SELECT role_sid, 'docket.deadlines' FROM role_resource WHERE resource_code = 'patent_task'
ON CONFLICT DO NOTHING;
`,
};
