import type { Migration } from './index.js';

// Seeded data in the viewer's language: first administrators created before their display name was kept
// in both languages get the English one (new tenants store both at creation, modules/tenants). Default
// roles need nothing stored: their code is the key of their texts (core rbac/default-role-names.ts).
export const seededNames: Migration = {
  id: 22,
  name: 'seeded-names',
  sql: `
UPDATE user_account SET english_name = 'Administrator'
 WHERE is_tenant_admin AND name = '系统管理员' AND english_name IS NULL;
`,
};
