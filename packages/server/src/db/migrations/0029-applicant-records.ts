import type { Migration } from './index.js';

// Issue 18: a patent's applicants were free text (a text[] of names); they become references to applicant
// records (the parties domain's `applicant`), in the same column and order. Each distinct name of a
// tenant (trimmed) is matched to an applicant of that tenant by its exact name or English name, else one
// is created with it as its name, in the sub-company of the oldest patent naming it (those who saw the
// case see its applicant), type enterprise, country CN, valid — the declaration's defaults, to be
// corrected on the applicant's page. Empty names are dropped, a name twice in one case kept once.
// Model tables are created after migrations: the applicant table is made here with the columns this
// step writes (the start adds the rest and the indexes), and only where patents exist. Sids are 16 hex
// characters of gen_random_uuid() (a CSPRNG), within SID_PATTERN. The version of each changed case
// moves on, so a form opened before still holding names is refused as stale.
export const applicantRecords: Migration = {
  id: 29,
  name: 'applicant-records',
  sql: `
DO $$
BEGIN
  IF to_regclass('m_patent') IS NOT NULL THEN
    CREATE TABLE IF NOT EXISTS m_applicant (
      sid text PRIMARY KEY,
      tenant_sid text NOT NULL REFERENCES tenant(sid),
      company_sid text,
      created_at timestamptz NOT NULL,
      created_by text,
      updated_at timestamptz NOT NULL,
      updated_by text,
      version integer NOT NULL DEFAULT 1,
      custom jsonb NOT NULL DEFAULT '{}'::jsonb
    );
    ALTER TABLE m_applicant ADD COLUMN IF NOT EXISTS name text;
    ALTER TABLE m_applicant ADD COLUMN IF NOT EXISTS name_en text;
    ALTER TABLE m_applicant ADD COLUMN IF NOT EXISTS applicant_type text;
    ALTER TABLE m_applicant ADD COLUMN IF NOT EXISTS country text;
    ALTER TABLE m_applicant ADD COLUMN IF NOT EXISTS status text;

    INSERT INTO m_applicant (sid, tenant_sid, company_sid, created_at, updated_at, version, name, applicant_type, country, status)
    SELECT substr(replace(gen_random_uuid()::text, '-', ''), 1, 16), n.tenant_sid, n.company_sid, now(), now(), 1,
           n.name, 'enterprise', 'CN', 'valid'
      FROM (SELECT DISTINCT ON (p.tenant_sid, btrim(u.name)) p.tenant_sid, btrim(u.name) AS name, p.company_sid
              FROM m_patent p CROSS JOIN LATERAL unnest(p.applicants) AS u(name)
             WHERE btrim(u.name) <> ''
             ORDER BY p.tenant_sid, btrim(u.name), p.created_at, p.sid) n
     WHERE NOT EXISTS (SELECT 1 FROM m_applicant a
                        WHERE a.tenant_sid = n.tenant_sid AND (a.name = n.name OR a.name_en = n.name));

    UPDATE m_patent p
       SET applicants = ARRAY(
             SELECT s.sid FROM (
               SELECT DISTINCT ON (m.sid) m.sid, u.i
                 FROM unnest(p.applicants) WITH ORDINALITY AS u(name, i)
                 CROSS JOIN LATERAL (
                   SELECT a.sid FROM m_applicant a
                    WHERE a.tenant_sid = p.tenant_sid AND (a.name = btrim(u.name) OR a.name_en = btrim(u.name))
                    ORDER BY (a.name = btrim(u.name)) DESC, a.sid LIMIT 1) m
                ORDER BY m.sid, u.i) s
             ORDER BY s.i),
           version = p.version + 1
     WHERE p.applicants IS NOT NULL AND cardinality(p.applicants) > 0;
  END IF;
END
$$;
`,
};
