// The benchmark portfolio as SQL: patents with an office, type, route, dates and status mix drawn from
// deterministic hashes of the row number (same data on every machine), and office actions with their
// replies for about a quarter of the cases. Set-based INSERT … SELECT, no rows pass through Node.

/** A uniform number in [0, 1) from the row number and a salt: the same on every run. */
const uniform = (row: string, salt: number) => `((hashint4(${row} * 16 + ${salt})::float8 + 2147483648) / 4294967296)`;
/** The same from a text key (the patent sid), for rows derived from patents. */
const uniformOf = (key: string, salt: string) => `((hashtext(${key} || '${salt}')::float8 + 2147483648) / 4294967296)`;

const ZH_SUBJECTS = [
  '锂离子电池',
  '固态电解质',
  '光伏组件',
  '储能系统',
  '激光雷达',
  '半导体器件',
  '显示面板',
  '无人机',
  '机械臂',
  '基因测序',
  '电池管理系统',
  '逆变器',
];
const ZH_KINDS = ['及其制备方法', '控制方法', '装置', '系统', '组件', '检测方法'];
const EN_SUBJECTS = [
  'Battery',
  'Solid electrolyte',
  'Solar module',
  'Energy storage',
  'Lidar',
  'Semiconductor device',
  'Display panel',
  'Drone',
  'Robot arm',
  'Gene sequencing',
];
const EN_KINDS = ['system', 'method', 'device', 'assembly', 'controller'];
/** Offices without a rule pack: their cases get no deadlines or fees (as for any such office). */
const OTHER_OFFICES = ['KR', 'DE', 'GB', 'FR', 'AU', 'CA', 'TW'];

const textArray = (items: readonly string[]) => `ARRAY[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(', ')}]`;
const pick = (items: readonly string[], u: string) => `(${textArray(items)})[1 + floor(${u} * ${items.length})::int]`;

/**
 * INSERT of `$4` patents for tenant `$1`, company `$2`, user `$3`, filed from 2005 to the day before
 * `$5` (today). Offices CN 55 %, US 15 %, EP 10 %, JP 8 %, WO 5 %, seven others 7 %; types by office;
 * filing dates weighted to recent years (a portfolio grows); routes by office with priority dates for
 * Paris and PCT cases; grant after a type-typical lag for about half; some abandoned or rejected
 * before grant and some lapsed after, each with its ended date.
 */
export const INSERT_PATENTS = `
WITH g AS (
  SELECT i, ${[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((k) => `${uniform('i', k)} AS r${k}`).join(', ')}
    FROM generate_series(1, $4::int) AS i
), o AS (
  SELECT g.*,
    CASE WHEN r1 < 0.55 THEN 'CN' WHEN r1 < 0.70 THEN 'US' WHEN r1 < 0.80 THEN 'EP' WHEN r1 < 0.88 THEN 'JP'
         WHEN r1 < 0.93 THEN 'WO' ELSE ${pick(OTHER_OFFICES, 'r9')} END AS office
    FROM g
), t AS (
  SELECT o.*,
    CASE office
      WHEN 'CN' THEN CASE WHEN r2 < 0.50 THEN 'invention' WHEN r2 < 0.85 THEN 'utility_model' ELSE 'design' END
      WHEN 'US' THEN CASE WHEN r2 < 0.90 THEN 'invention' ELSE 'design' END
      WHEN 'EP' THEN 'invention'
      WHEN 'WO' THEN 'invention'
      WHEN 'JP' THEN CASE WHEN r2 < 0.85 THEN 'invention' WHEN r2 < 0.90 THEN 'utility_model' ELSE 'design' END
      ELSE CASE WHEN r2 < 0.85 THEN 'invention' WHEN r2 < 0.92 THEN 'utility_model' ELSE 'design' END
    END AS patent_type,
    -- sqrt: twice as many filings in the latest year as in 2005.
    DATE '2005-01-01' + floor(sqrt(r4) * ($5::date - 1 - DATE '2005-01-01'))::int AS filing_date
    FROM o
), r AS (
  SELECT t.*,
    CASE
      WHEN office = 'WO' THEN 'pct_international'
      WHEN patent_type = 'design' THEN CASE WHEN r3 < 0.15 THEN 'paris' ELSE 'direct' END
      WHEN office = 'CN' THEN CASE WHEN r3 < 0.10 THEN 'pct_national' WHEN r3 < 0.18 THEN 'paris'
                                   WHEN r3 < 0.20 THEN 'divisional' ELSE 'direct' END
      WHEN office = 'US' THEN CASE WHEN r3 < 0.20 THEN 'pct_national' WHEN r3 < 0.50 THEN 'paris'
                                   WHEN r3 < 0.58 THEN 'continuation' WHEN r3 < 0.61 THEN 'provisional' ELSE 'direct' END
      WHEN office = 'EP' THEN CASE WHEN r3 < 0.45 THEN 'pct_national' WHEN r3 < 0.80 THEN 'paris' ELSE 'direct' END
      ELSE CASE WHEN r3 < 0.25 THEN 'pct_national' WHEN r3 < 0.60 THEN 'paris' ELSE 'direct' END
    END AS route,
    CASE patent_type WHEN 'invention' THEN 730 + floor(r6 * 1100)::int
                     WHEN 'utility_model' THEN 180 + floor(r6 * 250)::int
                     ELSE 120 + floor(r6 * 180)::int END AS grant_lag
    FROM t
), d AS (
  SELECT r.*,
    CASE WHEN route IN ('paris', 'pct_national', 'pct_international') AND r7 < 0.85
         THEN filing_date - (60 + floor(r8 * 300)::int) END AS priority_date,
    CASE
      WHEN r5 < 0.06 THEN 'abandoned'
      WHEN r5 < 0.09 THEN 'rejected'
      WHEN r5 < 0.72 AND filing_date + grant_lag < $5::date THEN
        CASE WHEN r10 < 0.12 AND filing_date + grant_lag + 730 < $5::date THEN 'lapsed' ELSE 'granted' END
      ELSE 'pending'
    END AS fate
    FROM r
), f AS (
  SELECT d.*,
    CASE WHEN fate IN ('granted', 'lapsed') THEN filing_date + grant_lag END AS grant_date,
    CASE fate
      WHEN 'abandoned' THEN LEAST(filing_date + 200 + floor(r8 * 1400)::int, $5::date - 1)
      WHEN 'rejected' THEN LEAST(filing_date + 700 + floor(r8 * 1100)::int, $5::date - 1)
      -- Lapsed for an unpaid annuity: one to several years after grant, before today.
      WHEN 'lapsed' THEN filing_date + grant_lag + 365 + floor(r11 * ($5::date - filing_date - grant_lag - 365))::int
    END AS ended_date
    FROM d
)
INSERT INTO m_patent (sid, tenant_sid, company_sid, created_at, created_by, updated_at, updated_by, version, custom,
  title, sn, application_number, patent_type, country, status, filing_route, filing_date, priority_date,
  international_filing_date, publication_date, grant_date, ended_date, entity_size, fee_reduction, claim_count)
SELECT
  'P' || substr(md5('bench-rules-patent-' || i), 1, 15),
  $1, $2, filing_date::timestamptz, $3, filing_date::timestamptz + interval '1 day', $3, 1, '{}'::jsonb,
  CASE WHEN office IN ('CN', 'WO', 'TW') THEN ${pick(ZH_SUBJECTS, 'r8')} || ${pick(ZH_KINDS, 'r11')}
       ELSE ${pick(EN_SUBJECTS, 'r8')} || ' ' || ${pick(EN_KINDS, 'r11')} END,
  'BR-' || office || '-' || lpad(i::text, 7, '0'),
  office || to_char(filing_date, 'YYYY') || lpad(i::text, 8, '0'),
  patent_type, office,
  CASE fate
    WHEN 'granted' THEN 'granted'
    WHEN 'lapsed' THEN 'abandoned'
    WHEN 'abandoned' THEN 'abandoned'
    WHEN 'rejected' THEN 'rejected'
    ELSE CASE WHEN $5::date - filing_date < 548 THEN 'filed'
              WHEN patent_type = 'invention' THEN CASE WHEN r7 < 0.7 THEN 'under_examination' ELSE 'published' END
              ELSE 'filed' END
  END,
  route, filing_date, priority_date,
  CASE WHEN route = 'pct_national' THEN filing_date END,
  CASE WHEN patent_type = 'invention' AND COALESCE(priority_date, filing_date) + 548 < $5::date
       THEN COALESCE(priority_date, filing_date) + 548 ELSE grant_date END,
  grant_date, ended_date,
  CASE WHEN office = 'US' THEN CASE WHEN r9 < 0.6 THEN 'large' WHEN r9 < 0.9 THEN 'small' ELSE 'micro' END END,
  CASE WHEN office = 'CN' THEN CASE WHEN r9 < 0.3 THEN 'r85' WHEN r9 < 0.4 THEN 'r70' END END,
  1 + floor(r10 * 20)::int
FROM f`;

/**
 * INSERT of office actions for about a quarter of tenant `$1`'s cases (a second one for a third of
 * those) and the replies to most that are older than four months, by company `$2`, user `$3`, before
 * today `$4`. Actions fall between filing and grant (or the end, or today).
 */
export const INSERT_ITEMS = `
WITH p AS (
  SELECT sid, company_sid, filing_date,
    COALESCE(grant_date - 30, ended_date, $4::date - 1) AS last_day,
    ${uniformOf('sid', ':oa')} AS u1, ${uniformOf('sid', ':oa-date')} AS u2, ${uniformOf('sid', ':oa2')} AS u3,
    ${uniformOf('sid', ':oa2-date')} AS u4, ${uniformOf('sid', ':reply')} AS u5
    FROM m_patent WHERE tenant_sid = $1
), a AS (
  SELECT p.*, filing_date + 240 + floor(u2 * (last_day - filing_date - 240))::int AS oa1
    FROM p WHERE u1 < 0.28 AND last_day - filing_date > 240
), b AS (
  SELECT a.*,
    CASE WHEN u3 < 0.35 AND oa1 + 120 + floor(u4 * 240)::int <= last_day THEN oa1 + 120 + floor(u4 * 240)::int END AS oa2
    FROM a
)
INSERT INTO m_patent_item (sid, tenant_sid, company_sid, created_at, created_by, updated_at, updated_by, version, custom,
  patent, event, title, event_date)
SELECT 'I' || substr(md5(b.sid || v.tag), 1, 15), $1, COALESCE(b.company_sid, $2), v.day::timestamptz, $3,
       v.day::timestamptz, $3, 1, '{}'::jsonb, b.sid, v.event, v.title, v.day
  FROM b CROSS JOIN LATERAL (VALUES
    ('oa1', 'office_action', '第一次审查意见通知书', oa1),
    ('oa2', 'office_action', '第二次审查意见通知书', oa2),
    ('re1', 'response_filed', '意见陈述书', CASE WHEN u5 < 0.9 AND oa1 + 120 < $4::date THEN oa1 + 30 + floor(u5 * 90)::int END),
    ('re2', 'response_filed', '意见陈述书（第二次）', CASE WHEN u5 < 0.9 AND oa2 + 120 < $4::date THEN oa2 + 30 + floor(u5 * 90)::int END)
  ) AS v(tag, event, title, day)
 WHERE v.day IS NOT NULL`;
