import type { Migration } from './index.js';

// Extensions both engines load (PGlite gets them from openPglite), and tenants: the root companies
// every business row will belong to.
export const foundation: Migration = {
  id: 1,
  name: 'foundation',
  sql: `
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE tenant (
  sid text PRIMARY KEY CHECK (sid ~ '^[0-9A-Za-z]{16}$'),
  code text NOT NULL UNIQUE CHECK (code ~ '^[a-z][a-z0-9_-]{1,47}$'),
  name_zh text NOT NULL CHECK (length(name_zh) BETWEEN 1 AND 255),
  name_en text NOT NULL CHECK (length(name_en) BETWEEN 1 AND 255),
  status smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  is_demo boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
`,
};
