import type { Migration } from './index.js';

// Default menus added to the product after a tenant was seeded reach that tenant (menus/seed.ts): each
// menu row says which default it came from, and each tenant which defaults it has been offered, so a new
// one is added once under its default parent, and one an administrator removed is not added again.
export const menuDefaults: Migration = {
  id: 17,
  name: 'menu-defaults',
  sql: `
-- The core DEFAULT_MENUS key a row was made from; NULL for menus an administrator or a pack made.
ALTER TABLE menu ADD COLUMN default_key text CHECK (length(default_key) <= 64);
CREATE UNIQUE INDEX menu_default_key_idx ON menu (tenant_sid, default_key) WHERE default_key IS NOT NULL;
-- The default keys offered to the tenant so far. No row: the tenant's tree predates this table, and is
-- matched to the defaults on its next read.
CREATE TABLE menu_default_offer (
  tenant_sid text PRIMARY KEY REFERENCES tenant(sid),
  offered text[] NOT NULL
);
`,
};
