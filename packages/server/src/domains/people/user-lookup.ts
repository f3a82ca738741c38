// Finding users to pick (spec §6 "personnel selection range"): active users of the caller's tenant by
// name, English name or account, limited to the range the caller's roles allow — the whole tenant, the
// caller's companies with their sub-companies, or the caller's department subtree. And the names of
// given users, which records already hold, so those display whatever the caller's range.
import { personModel, tableOf, type Language, type PickRange } from '@ipdesk/core';
import type { Queryable, SqlValue } from '../../db/database.js';
import { escapeLike, SqlParams } from '../../platform/models/sql-params.js';

const PERSON = tableOf(personModel);

export const USER_SEARCH_DEFAULT_ROWS = 20;
export const USER_SEARCH_MAX_ROWS = 50;
export const USER_KEYWORD_MAX_LENGTH = 50;
export const USER_NAMES_MAX = 200;

/** Who searches: the tenant, their own sid, and the range and places their access resolved. */
export interface Searcher {
  tenantSid: string;
  userSid: string;
  pickRange: PickRange;
  companySids: readonly string[];
  departmentSid: string | undefined;
}

export interface UserSearch {
  keyword?: string | undefined;
  rows?: number | undefined;
  /** Enterprise (1) or agency (2) users only. */
  side?: 1 | 2 | undefined;
}

export interface PickableUser {
  sid: string;
  account: string;
  name: string;
  english_name: string | null;
  department: { sid: string; name: string } | null;
  companies: Array<{ sid: string; company_name: string }>;
}

export interface UserName {
  sid: string;
  name: string;
  account: string;
}

/**
 * The range as SQL over `u` (user_account). The caller is always within their own range, so someone
 * without a department (or company) can still pick themselves.
 */
function rangeCondition(searcher: Searcher, params: SqlParams): string {
  if (searcher.pickRange === 'all') return 'TRUE';
  // Added only when used: an unused parameter has no type the database could infer.
  const self = `u.sid = ${params.add(searcher.userSid)}`;
  if (searcher.pickRange === 'company') {
    if (!searcher.companySids.length) return self;
    return `(${self} OR EXISTS (
      SELECT 1 FROM user_company uc
        JOIN company c ON c.sid = uc.company_sid
        JOIN company mine ON c.path LIKE mine.path || '%'
       WHERE uc.user_sid = u.sid AND c.tenant_sid = u.tenant_sid AND mine.tenant_sid = u.tenant_sid
         AND mine.sid = ANY(${params.add(searcher.companySids)}::text[])))`;
  }
  if (!searcher.departmentSid) return self;
  return `(${self} OR EXISTS (
    SELECT 1 FROM ${PERSON} p
      JOIN department d ON d.sid = p.department
      JOIN department top ON d.path LIKE top.path || '%'
     WHERE p.tenant_sid = u.tenant_sid AND p.account_user = u.sid
       AND d.tenant_sid = u.tenant_sid AND top.tenant_sid = u.tenant_sid
       AND top.sid = ${params.add(searcher.departmentSid)}))`;
}

/** Active users in the searcher's range whose name, English name or account contains the keyword. */
export async function searchPickableUsers(
  db: Queryable,
  searcher: Searcher,
  search: UserSearch,
  language: Language,
): Promise<PickableUser[]> {
  const params = new SqlParams([searcher.tenantSid]);
  const where = ['u.tenant_sid = $1', 'u.status = 1', rangeCondition(searcher, params)];
  const keyword = search.keyword?.trim();
  if (keyword) {
    // Typed text matches literally: % and _ are no wildcards.
    const pattern = params.add(`%${escapeLike(keyword)}%`);
    where.push(
      `(u.name ILIKE ${pattern} ESCAPE '\\' OR u.english_name ILIKE ${pattern} ESCAPE '\\' OR u.account ILIKE ${pattern} ESCAPE '\\')`,
    );
  }
  if (search.side) where.push(`u.user_type_client = ${params.add(search.side)}`);
  const limit = params.add(Math.min(search.rows ?? USER_SEARCH_DEFAULT_ROWS, USER_SEARCH_MAX_ROWS));
  const users = await db.query<{
    sid: string;
    account: string;
    name: string;
    english_name: string | null;
    department_sid: string | null;
    department_name: string | null;
    department_name_en: string | null;
  }>(
    `SELECT u.sid, u.account, u.name, u.english_name,
            dept.sid AS department_sid, dept.name AS department_name, dept.name_en AS department_name_en
       FROM user_account u
       LEFT JOIN LATERAL (
         SELECT d.sid, d.name, d.name_en FROM ${PERSON} p JOIN department d ON d.sid = p.department
          WHERE p.tenant_sid = u.tenant_sid AND p.account_user = u.sid AND d.tenant_sid = u.tenant_sid
          ORDER BY p.created_at, p.sid LIMIT 1
       ) dept ON TRUE
      WHERE ${where.join(' AND ')}
      ORDER BY u.name, u.account
      LIMIT ${limit}`,
    params.values as SqlValue[],
  );
  if (!users.length) return [];
  const memberships = await db.query<{ user_sid: string; sid: string; company_name: string }>(
    `SELECT uc.user_sid, c.sid, c.company_name
       FROM user_company uc JOIN company c ON c.sid = uc.company_sid
      WHERE uc.user_sid = ANY($1::text[]) AND c.tenant_sid = $2
      ORDER BY uc.sort_by, c.sort_by, c.sid`,
    [users.map((u) => u.sid), searcher.tenantSid],
  );
  return users.map((u) => {
    const english = u.department_name_en?.trim();
    return {
      sid: u.sid,
      account: u.account,
      name: u.name,
      english_name: u.english_name,
      department:
        u.department_sid && u.department_name
          ? { sid: u.department_sid, name: language === 'en' && english ? english : u.department_name }
          : null,
      companies: memberships
        .filter((m) => m.user_sid === u.sid)
        .map((m) => ({ sid: m.sid, company_name: m.company_name })),
    };
  });
}

/** Names of the tenant's users among the sids (any status: people who left still read by name). */
export function userNames(db: Queryable, tenantSid: string, sids: readonly string[]): Promise<UserName[]> {
  return db.query<UserName>(
    `SELECT sid, name, account FROM user_account
      WHERE tenant_sid = $1 AND sid = ANY($2::text[])
      ORDER BY name, account`,
    [tenantSid, [...new Set(sids)]],
  );
}
