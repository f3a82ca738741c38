import type { Migration } from './index.js';

// Per-rule prints of the deadline packs a tenant's cases were computed with (rule code → print), so a
// new pack version rewrites only the deadlines of rules that changed or whose dates moved.
export const rulePrints: Migration = {
  id: 13,
  name: 'rule-prints',
  sql: `
ALTER TABLE rule_pack_state ADD COLUMN rules jsonb;
`,
};
