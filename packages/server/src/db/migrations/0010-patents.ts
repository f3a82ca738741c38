import type { Migration } from './index.js';

// The patent domain's own tables beside the declared models (m_patent, m_patent_item, m_patent_task,
// m_fee): inventors with contributions, relations between cases, the basis each computed deadline was
// derived from, office calendars (importable data), the rule packs a tenant's deadlines were computed
// with, and documents with their history. Model tables are created after migrations, so links to them
// are kept by the patents module (cascade delete included), not by foreign keys.
export const patents: Migration = {
  id: 10,
  name: 'patents',
  sql: `
CREATE TABLE patent_inventor (
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  patent_sid text NOT NULL,
  position integer NOT NULL,
  person_sid text,
  name text NOT NULL,
  contribution numeric(5, 2) NOT NULL,
  PRIMARY KEY (patent_sid, position)
);
CREATE INDEX patent_inventor_person_idx ON patent_inventor (tenant_sid, person_sid);

CREATE TABLE patent_relation (
  sid text PRIMARY KEY,
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  parent_sid text NOT NULL,
  child_sid text NOT NULL,
  relation_type text NOT NULL,
  acknowledged_warnings text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  created_by text,
  UNIQUE (tenant_sid, parent_sid, child_sid, relation_type)
);
CREATE INDEX patent_relation_child_idx ON patent_relation (tenant_sid, child_sid);

-- What a rule-computed deadline was derived from, so it can explain itself in either language.
CREATE TABLE deadline_basis (
  task_sid text PRIMARY KEY,
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  patent_sid text NOT NULL,
  basis jsonb NOT NULL
);
CREATE INDEX deadline_basis_patent_idx ON deadline_basis (tenant_sid, patent_sid);

-- Closed days and make-up working days per office, over the built-in calendars (imports add or correct).
CREATE TABLE office_calendar_day (
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  office text NOT NULL,
  day date NOT NULL,
  kind text NOT NULL CHECK (kind IN ('closed', 'working')),
  name_zh text,
  name_en text,
  imported_at timestamptz NOT NULL,
  imported_by text,
  PRIMARY KEY (tenant_sid, office, day)
);

-- The rule and fee packs a tenant's cases were last computed with: a changed pack recomputes them.
CREATE TABLE rule_pack_state (
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  pack text NOT NULL,
  fingerprint text NOT NULL,
  computed_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_sid, pack)
);

CREATE TABLE patent_document (
  sid text PRIMARY KEY,
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  patent_sid text NOT NULL,
  item_sid text,
  file_sid text NOT NULL REFERENCES stored_file(sid),
  file_name text NOT NULL,
  category text,
  sent_received_on date,
  major_version integer NOT NULL DEFAULT 1,
  version_remark text,
  archived_on date,
  checksum text NOT NULL,
  uploaded_by text,
  uploaded_at timestamptz NOT NULL
);
CREATE INDEX patent_document_patent_idx ON patent_document (tenant_sid, patent_sid, uploaded_at DESC);
CREATE INDEX patent_document_item_idx ON patent_document (tenant_sid, item_sid);

-- Who uploaded, downloaded, previewed or deleted which document, when.
CREATE TABLE patent_document_event (
  id bigserial PRIMARY KEY,
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  document_sid text NOT NULL,
  patent_sid text NOT NULL,
  action text NOT NULL,
  actor_sid text,
  file_name text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX patent_document_event_doc_idx ON patent_document_event (tenant_sid, document_sid, id);
CREATE INDEX patent_document_event_patent_idx ON patent_document_event (tenant_sid, patent_sid, id);

-- Files to remove once the transaction that stopped using them has committed (case deletion).
CREATE TABLE file_removal (
  storage_key text PRIMARY KEY,
  requested_at timestamptz NOT NULL
);
`,
};
