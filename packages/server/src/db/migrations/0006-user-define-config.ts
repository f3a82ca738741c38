import type { Migration } from './index.js';

// Per-user list settings (spec §3 user_define_config): the chosen table columns of a model, and
// saved views (a name, a consecutive serial number, the query and columns).
export const userDefineConfig: Migration = {
  id: 6,
  name: 'user define config',
  sql: `
CREATE TABLE user_define_config (
  sid text PRIMARY KEY,
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  user_sid text NOT NULL REFERENCES user_account(sid) ON DELETE CASCADE,
  model text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('header', 'view')),
  name text,
  serial integer,
  config jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX user_define_config_header_idx ON user_define_config (user_sid, model) WHERE kind = 'header';
CREATE UNIQUE INDEX user_define_config_view_name_idx ON user_define_config (user_sid, model, lower(name)) WHERE kind = 'view';
`,
};
