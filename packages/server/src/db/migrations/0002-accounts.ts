import type { Migration } from './index.js';

// Accounts and sign-in: companies (the tenant's root company and its sub-companies), users and
// their company memberships, password history, sessions with rotating refresh tokens, login
// throttling, reset tokens, per-tenant security and mail settings, personal settings, app secrets.
export const accounts: Migration = {
  id: 2,
  name: 'accounts',
  sql: `
CREATE TABLE app_secret (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE company (
  sid text PRIMARY KEY CHECK (sid ~ '^[0-9A-Za-z]{16}$'),
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  parent_sid text REFERENCES company(sid),
  path text NOT NULL,
  company_name text NOT NULL CHECK (length(company_name) BETWEEN 1 AND 255),
  simple_name text CHECK (length(simple_name) <= 255),
  status smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  sort_by integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX company_tenant_idx ON company (tenant_sid, path);

CREATE TABLE user_account (
  sid text PRIMARY KEY CHECK (sid ~ '^[0-9A-Za-z]{16}$'),
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  account text NOT NULL CHECK (account ~ '^[A-Za-z0-9@_.-]{1,50}$'),
  email text CHECK (length(email) <= 254),
  mobile text CHECK (mobile ~ '^1[0-9]{10}$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
  english_name text CHECK (length(english_name) <= 255),
  user_type_client smallint NOT NULL CHECK (user_type_client IN (1, 2)),
  status smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  is_tenant_admin boolean NOT NULL DEFAULT false,
  login_restriction text NOT NULL DEFAULT 'none'
    CHECK (login_restriction IN ('none', 'email_only', 'sso_any', 'sso_dingtalk', 'sso_wechat', 'sso_feishu', 'sso_third_party')),
  password_hash text,
  password_changed_at timestamptz,
  must_change_password boolean NOT NULL DEFAULT true,
  avatar_sid text,
  is_bind_back_office boolean NOT NULL DEFAULT false,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Sign-in names and e-mail addresses identify one account across all tenants.
CREATE UNIQUE INDEX user_account_account_idx ON user_account (lower(account));
CREATE UNIQUE INDEX user_account_email_idx ON user_account (lower(email)) WHERE email IS NOT NULL;
CREATE INDEX user_account_tenant_idx ON user_account (tenant_sid);

CREATE TABLE user_company (
  user_sid text NOT NULL REFERENCES user_account(sid) ON DELETE CASCADE,
  company_sid text NOT NULL REFERENCES company(sid),
  last_login_flag boolean NOT NULL DEFAULT false,
  sort_by integer NOT NULL DEFAULT 0,
  PRIMARY KEY (user_sid, company_sid)
);

CREATE TABLE password_history (
  user_sid text NOT NULL REFERENCES user_account(sid) ON DELETE CASCADE,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX password_history_user_idx ON password_history (user_sid, created_at DESC);

CREATE TABLE tenant_security (
  tenant_sid text PRIMARY KEY REFERENCES tenant(sid),
  password_policy text NOT NULL DEFAULT 'strict' CHECK (password_policy IN ('strict', 'simple', 'passphrase')),
  password_history_count integer NOT NULL DEFAULT 5 CHECK (password_history_count BETWEEN 0 AND 24),
  password_expiry_days integer NOT NULL DEFAULT 90 CHECK (password_expiry_days BETWEEN 0 AND 3650),
  lockout_threshold integer NOT NULL DEFAULT 5 CHECK (lockout_threshold BETWEEN 1 AND 100),
  lockout_window_minutes integer NOT NULL DEFAULT 15 CHECK (lockout_window_minutes BETWEEN 1 AND 1440),
  lockout_minutes integer NOT NULL DEFAULT 15 CHECK (lockout_minutes BETWEEN 1 AND 1440),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One row per sign-in session (a refresh-token family); revoking it ends every token of the session.
CREATE TABLE auth_session (
  sid text PRIMARY KEY,
  user_sid text NOT NULL REFERENCES user_account(sid) ON DELETE CASCADE,
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  user_type_client smallint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoke_reason text,
  ip text,
  user_agent text
);
CREATE INDEX auth_session_user_idx ON auth_session (user_sid) WHERE revoked_at IS NULL;

CREATE TABLE refresh_token (
  token_hash text PRIMARY KEY,
  session_sid text NOT NULL REFERENCES auth_session(sid) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz
);
CREATE INDEX refresh_token_session_idx ON refresh_token (session_sid);

-- Failed sign-ins per identifier (a user sid, or the typed name when no account matches), so known
-- and unknown accounts lock alike and the answers never tell them apart.
CREATE TABLE login_throttle (
  subject text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  window_started_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz
);

CREATE TABLE password_reset_token (
  token_hash text PRIMARY KEY,
  user_sid text NOT NULL REFERENCES user_account(sid) ON DELETE CASCADE,
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_reset_token_user_idx ON password_reset_token (user_sid);

CREATE TABLE tenant_mail_settings (
  tenant_sid text PRIMARY KEY REFERENCES tenant(sid),
  host text NOT NULL,
  port integer NOT NULL CHECK (port BETWEEN 0 AND 65535),
  secure boolean NOT NULL DEFAULT false,
  username text,
  password_encrypted text,
  from_address text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE user_setting (
  user_sid text NOT NULL REFERENCES user_account(sid) ON DELETE CASCADE,
  key text NOT NULL CHECK (key ~ '^[A-Za-z][A-Za-z0-9_.-]{0,63}$'),
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_sid, key)
);

CREATE TABLE stored_file (
  sid text PRIMARY KEY,
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  purpose text NOT NULL,
  media_type text NOT NULL,
  size_bytes integer NOT NULL,
  storage_key text NOT NULL,
  uploaded_by text REFERENCES user_account(sid),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  tenant_sid text,
  actor_sid text,
  action text NOT NULL,
  target text,
  detail jsonb,
  request_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_tenant_idx ON audit_log (tenant_sid, created_at DESC);
`,
};
