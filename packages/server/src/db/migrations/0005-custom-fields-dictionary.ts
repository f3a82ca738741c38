import type { Migration } from './index.js';

// Tenants' own fields on models (stored in each row's custom JSONB) and their own dictionary options
// (added to the built-in lists, disabled but never deleted once saved).
export const customFieldsAndDictionary: Migration = {
  id: 5,
  name: 'custom fields and dictionary',
  sql: `
CREATE TABLE custom_field (
  sid text PRIMARY KEY,
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  model text NOT NULL,
  code text NOT NULL CHECK (code ~ '^[A-Za-z][A-Za-z0-9_]{0,47}$'),
  -- The published definition (null until first published) and the pending edit (null when none).
  published jsonb,
  draft jsonb,
  published_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (tenant_sid, model, code)
);

CREATE TABLE model_schema_version (
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  model text NOT NULL,
  version integer NOT NULL,
  PRIMARY KEY (tenant_sid, model)
);

CREATE TABLE dictionary_option (
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  dictionary text NOT NULL CHECK (dictionary ~ '^[A-Za-z][A-Za-z0-9_]{0,63}$'),
  key text NOT NULL CHECK (key ~ '^[A-Za-z0-9_]{1,64}$'),
  parent_key text,
  label_zh text NOT NULL CHECK (length(label_zh) BETWEEN 1 AND 255),
  label_en text NOT NULL CHECK (length(label_en) BETWEEN 1 AND 255),
  disabled boolean NOT NULL DEFAULT false,
  sort_by integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_sid, dictionary, key)
);
`,
};
