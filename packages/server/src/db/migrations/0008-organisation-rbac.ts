import type { Migration } from './index.js';

// Organisation and permissions: departments under companies, company administrators, roles with
// their function (resource), field and data permissions, user-role grants, per-tenant menus, to-dos
// (handed over at resignation; the workflow fills them), configuration packs applied as jobs. The
// tenant's access_version changes with every permission-relevant write, so cached principals refresh.
export const organisationRbac: Migration = {
  id: 8,
  name: 'organisation-rbac',
  sql: `
ALTER TABLE tenant ADD COLUMN access_version bigint NOT NULL DEFAULT 1;
ALTER TABLE company ADD COLUMN cname_capital text CHECK (length(cname_capital) <= 16);
ALTER TABLE company ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE user_company ADD COLUMN is_company_admin boolean NOT NULL DEFAULT false;
CREATE INDEX company_path_idx ON company (path text_pattern_ops);

CREATE TABLE department (
  sid text PRIMARY KEY CHECK (sid ~ '^[0-9A-Za-z]{16}$'),
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  company_sid text NOT NULL REFERENCES company(sid),
  parent_sid text REFERENCES department(sid),
  path text NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  name_en text CHECK (length(name_en) <= 100),
  code text CHECK (length(code) <= 64),
  status smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  sort_by integer NOT NULL DEFAULT 0,
  leader_sid text REFERENCES user_account(sid),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX department_company_idx ON department (tenant_sid, company_sid, sort_by);
CREATE INDEX department_path_idx ON department (path text_pattern_ops);
CREATE UNIQUE INDEX department_name_idx ON department (company_sid, coalesce(parent_sid, ''), lower(name));

CREATE TABLE role (
  sid text PRIMARY KEY CHECK (sid ~ '^[0-9A-Za-z]{16}$'),
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  code text NOT NULL CHECK (code ~ '^[A-Za-z][A-Za-z0-9_-]{0,47}$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 50),
  description text CHECK (length(description) <= 255),
  status smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  weight integer NOT NULL DEFAULT 0,
  platform smallint NOT NULL CHECK (platform IN (1, 2)),
  show_sensitive boolean NOT NULL DEFAULT false,
  pick_range text NOT NULL DEFAULT 'company' CHECK (pick_range IN ('all', 'company', 'department')),
  data_scope text NOT NULL DEFAULT 'own' CHECK (data_scope IN ('all', 'company', 'department', 'departments', 'own')),
  data_departments text[] NOT NULL DEFAULT '{}',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX role_code_idx ON role (tenant_sid, lower(code));
CREATE UNIQUE INDEX role_name_idx ON role (tenant_sid, platform, lower(name));

CREATE TABLE user_role (
  user_sid text NOT NULL REFERENCES user_account(sid) ON DELETE CASCADE,
  role_sid text NOT NULL REFERENCES role(sid) ON DELETE CASCADE,
  PRIMARY KEY (user_sid, role_sid)
);
CREATE INDEX user_role_role_idx ON user_role (role_sid);

CREATE TABLE role_resource (
  role_sid text NOT NULL REFERENCES role(sid) ON DELETE CASCADE,
  resource_code text NOT NULL,
  PRIMARY KEY (role_sid, resource_code)
);

-- Deny-only overrides: a field without a rule is readable and writable.
CREATE TABLE role_field_rule (
  role_sid text NOT NULL REFERENCES role(sid) ON DELETE CASCADE,
  model text NOT NULL,
  field text NOT NULL,
  access text NOT NULL CHECK (access IN ('hidden', 'read_only')),
  PRIMARY KEY (role_sid, model, field)
);

-- Per-model data scope; a model without a row uses the role's data_scope.
CREATE TABLE role_data_scope (
  role_sid text NOT NULL REFERENCES role(sid) ON DELETE CASCADE,
  model text NOT NULL,
  scope text NOT NULL CHECK (scope IN ('all', 'company', 'department', 'departments', 'own')),
  department_sids text[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (role_sid, model)
);

CREATE TABLE menu (
  sid text PRIMARY KEY CHECK (sid ~ '^[0-9A-Za-z]{16}$'),
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  parent_sid text REFERENCES menu(sid),
  level smallint NOT NULL CHECK (level BETWEEN 1 AND 4),
  name_zh text NOT NULL CHECK (length(name_zh) BETWEEN 1 AND 50),
  name_en text NOT NULL CHECK (length(name_en) BETWEEN 1 AND 50),
  resource_code text,
  path text CHECK (length(path) <= 512),
  open_type text NOT NULL DEFAULT 'self' CHECK (open_type IN ('self', 'blank')),
  icon text CHECK (length(icon) <= 32),
  scope smallint NOT NULL DEFAULT 0 CHECK (scope IN (0, 1, 2)),
  sort_by integer NOT NULL DEFAULT 0,
  status smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX menu_tenant_idx ON menu (tenant_sid, parent_sid, sort_by);

-- A user's open work items. The workflow engine creates them; resignation hands them over.
CREATE TABLE todo (
  sid text PRIMARY KEY,
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  assignee_sid text NOT NULL REFERENCES user_account(sid),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 255),
  link text CHECK (length(link) <= 512),
  source text NOT NULL DEFAULT 'manual',
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'done', 'cancelled')),
  handed_over_from text REFERENCES user_account(sid),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX todo_assignee_idx ON todo (assignee_sid, status);

CREATE TABLE resignation_notice_setting (
  tenant_sid text PRIMARY KEY REFERENCES tenant(sid),
  notify_handover boolean NOT NULL DEFAULT true,
  notify_admins boolean NOT NULL DEFAULT false,
  extra_recipients text[] NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE config_pack (
  sid text PRIMARY KEY,
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  content jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX config_pack_name_idx ON config_pack (tenant_sid, lower(name));

CREATE TABLE config_pack_job (
  sid text PRIMARY KEY,
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  pack_sid text NOT NULL REFERENCES config_pack(sid),
  company_sid text NOT NULL REFERENCES company(sid),
  status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'in_progress', 'completed', 'failed')),
  progress integer NOT NULL DEFAULT 0,
  total integer NOT NULL DEFAULT 0,
  error text,
  requested_by text REFERENCES user_account(sid),
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX config_pack_job_status_idx ON config_pack_job (status, created_at);
`,
};
