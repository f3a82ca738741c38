import type { Migration } from './index.js';

// Process definitions: BPMN 2.0 XML as designed, beside the executable graph derived from it (the engine
// reads only the graph). Versions per key: at most one draft being edited and one published version that
// new instances start on; earlier published versions are retired but kept, because running instances stay
// on the version they started with.
export const workflowDefinitions: Migration = {
  id: 11,
  name: 'workflow-definitions',
  sql: `
CREATE TABLE workflow_definition (
  sid text PRIMARY KEY,
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  key text NOT NULL CHECK (key ~ '^[A-Za-z_][A-Za-z0-9_.-]{0,63}$'),
  version integer NOT NULL CHECK (version >= 1),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  model text NOT NULL,
  category text,
  status text NOT NULL CHECK (status IN ('draft', 'published', 'retired')),
  xml text NOT NULL,
  graph jsonb NOT NULL,
  created_by text REFERENCES user_account(sid),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz,
  UNIQUE (tenant_sid, key, version)
);
CREATE UNIQUE INDEX workflow_definition_draft_idx ON workflow_definition (tenant_sid, key) WHERE status = 'draft';
CREATE UNIQUE INDEX workflow_definition_published_idx ON workflow_definition (tenant_sid, key) WHERE status = 'published';
CREATE INDEX workflow_definition_model_idx ON workflow_definition (tenant_sid, model, status);
`,
};
