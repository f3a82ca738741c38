import type { Migration } from './index.js';

// Issue 18 "dates any model can docket" (platform/docket/): the basis each rule deadline of a docketed
// model was computed from (as deadline_basis keeps the patent's), so it explains itself again in any
// language; and the rules print each docketed model's deadlines were last computed with, so a rules change
// is recomputed at start.
export const docket: Migration = {
  id: 31,
  name: 'docket',
  sql: `
CREATE TABLE docket_basis (
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  model text NOT NULL,
  deadline_sid text NOT NULL,
  record_sid text NOT NULL,
  basis jsonb NOT NULL,
  PRIMARY KEY (tenant_sid, model, deadline_sid)
);
CREATE INDEX docket_basis_record_idx ON docket_basis (tenant_sid, model, record_sid);

CREATE TABLE docket_print (
  model text PRIMARY KEY,
  fingerprint text NOT NULL,
  recorded_at timestamptz NOT NULL
);
`,
};
