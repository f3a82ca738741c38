// A tenant's companies (its root company, whose sid is the tenant's, and sub-companies below it): list
// with iql, one company's structure, create, update (moves rewrite the subtree's paths; company
// administrators may rename their own company), delete, and each company's administrators.
import { AppError, defineModel, field, newSid, type Label } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import type { AccountsContext } from '../accounts/context.js';
import { audit } from '../accounts/context.js';
import { resolveModel, type ResolvedModel } from '../../platform/models/registry.js';
import {
  checkFieldList,
  searchTable,
  type SearchedTable,
  type TableSearchContext,
  type TableSearchInput,
} from '../../platform/models/table-search.js';
import { bumpAccessVersion } from '../rbac/access.js';
import { departmentTree, type DepartmentRow } from './departments.js';
import {
  assertNotUnder,
  auditNode,
  buildTree,
  deleteNode,
  fieldIssue,
  lockTenantTrees,
  pathUnder,
  rewritePaths,
  updateNode,
  type TreeNode,
} from './tree-paths.js';
import { fieldChanges } from '../../platform/models/records.js';
import type { RequestContext } from '../../platform/context.js';

export type CompanyRow = {
  sid: string;
  path: string;
  /** The names along the path, root first: { sid: company_name }. */
  path_map: Record<string, string>;
  company_name: string;
  simple_name: string | null;
  parent_sid: string | null;
  status: number;
  sort_by: number;
  cname_capital: string | null;
  created_at: Date;
  version: number;
};

/** The fields a company row answers, which `fl` may choose from. */
export const COMPANY_FIELDS = [
  'sid',
  'path',
  'path_map',
  'company_name',
  'simple_name',
  'parent_sid',
  'status',
  'sort_by',
  'cname_capital',
  'created_at',
  'version',
] as const;

const COLUMNS =
  't.sid, t.path, t.company_name, t.simple_name, t.parent_sid, t.status, t.sort_by, t.cname_capital, t.created_at, t.version';
const AUDITED = ['parent_sid', 'path', 'company_name', 'simple_name', 'status', 'sort_by', 'cname_capital'];
const ORG_RESOURCE = 'system.org';

const label = (zh: string, en: string): Label => ({ zh, en });

/**
 * The company table as iql sees it: the declared fields the list may filter and sort by, over the
 * `company` table (no m_ table, no custom fields). System fields the table lacks are dropped, so a
 * query naming them is a 500001, not a database error.
 */
export const COMPANY_MODEL: ResolvedModel = (() => {
  const resolved = resolveModel(
    defineModel({
      name: 'company',
      label: label('公司', 'Company'),
      titleField: 'company_name',
      fields: {
        company_name: field('text', {
          label: label('公司名称', 'Company name'),
          required: true,
          flags: { keyword: true, searchFilter: true },
        }),
        simple_name: field('text', { label: label('简称', 'Short name'), flags: { keyword: true } }),
        status: field('number', { label: label('状态', 'Status'), required: true }),
        sort_by: field('number', { label: label('排序', 'Sort order'), required: true }),
        parent_sid: field('company', { label: label('上级公司', 'Parent company') }),
        cname_capital: field('text', { label: label('名称首字母', 'Name initials'), maxLength: 16 }),
      },
    }),
  );
  const fields = new Map(
    [...resolved.fields]
      .filter(([name]) => !['sid', 'company_sid', 'created_by', 'updated_at', 'updated_by', 'version'].includes(name))
      // Whole numbers in the table: integer comparisons and the integer operators.
      .map(([name, f]) => [name, name === 'status' || name === 'sort_by' ? { ...f, dataType: 'integer' as const } : f]),
  );
  return { ...resolved, table: 'company', fields };
})();

type StoredCompany = Omit<CompanyRow, 'path_map'>;

/** Adds path_map to each row: one query for the names of every company on any of the paths. */
async function withPathMaps(db: Queryable, tenantSid: string, rows: StoredCompany[]): Promise<CompanyRow[]> {
  const sidsOf = (path: string) => path.split('/').filter(Boolean);
  const sids = [...new Set(rows.flatMap((r) => sidsOf(r.path)))];
  const names = new Map<string, string>();
  if (sids.length) {
    const found = await db.query<{ sid: string; company_name: string }>(
      'SELECT sid, company_name FROM company WHERE tenant_sid = $1 AND sid = ANY($2::text[])',
      [tenantSid, sids],
    );
    for (const f of found) names.set(f.sid, f.company_name);
  }
  return rows.map((row) => ({
    ...row,
    path_map: Object.fromEntries(sidsOf(row.path).map((sid) => [sid, names.get(sid) ?? ''])),
  }));
}

async function companyOf(db: Queryable, tenantSid: string, sid: string, lock = ''): Promise<StoredCompany> {
  const rows = await db.query<StoredCompany>(
    `SELECT ${COLUMNS} FROM company t WHERE t.sid = $1 AND t.tenant_sid = $2 ${lock}`,
    [sid, tenantSid],
  );
  if (!rows[0]) throw new AppError('recordNotFound');
  return rows[0];
}

export async function readCompany(db: Queryable, tenantSid: string, sid: string): Promise<CompanyRow> {
  return (await withPathMaps(db, tenantSid, [await companyOf(db, tenantSid, sid)]))[0]!;
}

/** What the list reads with: the database, and the model registry and time zone iql compiles against. */
export type ListDeps = Omit<TableSearchContext, 'now'> & { db: Queryable };

const COMPANY_TABLE: SearchedTable = {
  model: COMPANY_MODEL,
  columns: COLUMNS,
  defaultOrder: ['t.sort_by ASC', 't.company_name ASC'],
};

/** The tenant's companies an iql query finds, by sort_by then name unless it orders them itself. */
export async function listCompanies(
  { db, registry, timeZone }: ListDeps,
  ctx: Pick<RequestContext, 'tenantSid' | 'now'>,
  input: TableSearchInput,
): Promise<{ rows: Array<Partial<CompanyRow>>; total: number }> {
  checkFieldList(input.fl, COMPANY_FIELDS);
  const found = await searchTable<StoredCompany>(db, COMPANY_TABLE, ctx.tenantSid, input, {
    registry,
    now: ctx.now,
    timeZone,
  });
  const rows = await withPathMaps(db, ctx.tenantSid, found.rows);
  const fl = input.fl?.length ? new Set(['sid', ...input.fl]) : undefined;
  return {
    rows: fl ? rows.map((row) => Object.fromEntries(Object.entries(row).filter(([name]) => fl.has(name)))) : rows,
    total: found.total,
  };
}

export type CompanyStructure = TreeNode<CompanyRow> & { departments: Array<TreeNode<DepartmentRow>> };

/** One company with its sub-companies (nested, each with `children`) and its own department tree. */
export async function companyStructure(db: Queryable, tenantSid: string, sid: string): Promise<CompanyStructure> {
  const company = await companyOf(db, tenantSid, sid);
  const subtree = await db.query<StoredCompany>(
    `SELECT ${COLUMNS} FROM company t WHERE t.tenant_sid = $1 AND t.path LIKE $2 AND t.sid <> $3
      ORDER BY t.sort_by, t.company_name, t.sid`,
    [tenantSid, `${company.path}%`, sid],
  );
  const rows = await withPathMaps(db, tenantSid, [company, ...subtree]);
  const [top] = buildTree(rows);
  return { ...top!, departments: await departmentTree(db, tenantSid, sid) };
}

export interface NewCompany {
  company_name: string;
  simple_name?: string | null;
  parent_sid: string;
  cname_capital?: string | null;
  sort_by?: number;
}

export async function addCompany(
  accounts: Pick<AccountsContext, 'db'>,
  ctx: RequestContext,
  input: NewCompany,
): Promise<CompanyRow> {
  const { tenantSid } = ctx;
  return accounts.db.transaction(async (tx) => {
    // Locked so a concurrent move of the parent cannot leave the new company with a stale path.
    const parent = await companyOf(tx, tenantSid, input.parent_sid, 'FOR SHARE');
    const sid = newSid();
    const [row] = await tx.query<StoredCompany>(
      `INSERT INTO company AS t (sid, tenant_sid, parent_sid, path, company_name, simple_name, sort_by, cname_capital,
         created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING ${COLUMNS}`,
      [
        sid,
        tenantSid,
        parent.sid,
        pathUnder(parent.path, sid),
        input.company_name,
        input.simple_name ?? null,
        input.sort_by ?? 0,
        input.cname_capital ?? null,
        ctx.now,
      ],
    );
    const changes = fieldChanges(undefined, { ...row }, AUDITED);
    await auditNode(tx, ctx, { table: 'company', verb: 'created', sid, detail: { changes } });
    return (await withPathMaps(tx, tenantSid, [row!]))[0]!;
  });
}

export interface CompanyChange {
  sid: string;
  version: number;
  company_name?: string;
  simple_name?: string | null;
  parent_sid?: string;
  status?: 0 | 1;
  sort_by?: number;
  cname_capital?: string | null;
}

async function isCompanyAdmin(tx: Queryable, userSid: string, companySid: string): Promise<boolean> {
  const rows = await tx.query<{ is_company_admin: boolean }>(
    'SELECT is_company_admin FROM user_company WHERE user_sid = $1 AND company_sid = $2',
    [userSid, companySid],
  );
  return rows[0]?.is_company_admin === true;
}

/**
 * Holders of system.org change anything; an administrator of this very company only its names, initials
 * and sort order (not where it hangs nor whether it is enabled). Others are refused.
 */
async function checkMayUpdate(tx: Queryable, ctx: RequestContext, before: StoredCompany, input: CompanyChange) {
  if (ctx.principal.access.resources.has(ORG_RESOURCE)) return;
  if (!(await isCompanyAdmin(tx, ctx.userSid, before.sid))) throw new AppError('notCompanyAdmin');
  const moves = input.parent_sid !== undefined && input.parent_sid !== before.parent_sid;
  const toggles = input.status !== undefined && input.status !== before.status;
  if (moves || toggles) throw new AppError('notCompanyAdmin');
}

export async function updateCompany(
  accounts: Pick<AccountsContext, 'db'>,
  ctx: RequestContext,
  input: CompanyChange,
): Promise<CompanyRow> {
  const { tenantSid } = ctx;
  return accounts.db.transaction(async (tx) => {
    if (input.parent_sid !== undefined) await lockTenantTrees(tx, tenantSid);
    const before = await companyOf(tx, tenantSid, input.sid, 'FOR UPDATE');
    await checkMayUpdate(tx, ctx, before, input);
    if (before.version !== input.version) throw new AppError('conflict');

    const values: Record<string, unknown> = {};
    if (input.parent_sid !== undefined && input.parent_sid !== before.parent_sid) {
      if (before.parent_sid === null)
        throw fieldIssue('parent_sid', 'field.org.parentCompany', 'validation.org.rootCompanyFixed');
      const parent = await companyOf(tx, tenantSid, input.parent_sid);
      assertNotUnder(before.path, parent.path);
      await rewritePaths(tx, 'company', tenantSid, before.path, pathUnder(parent.path, before.sid), ctx.now);
      values.parent_sid = parent.sid;
    }
    for (const name of ['company_name', 'simple_name', 'status', 'sort_by', 'cname_capital'] as const)
      if (input[name] !== undefined) values[name] = input[name];
    const after = await updateNode(tx, ctx, {
      table: 'company',
      columns: COLUMNS,
      sid: input.sid,
      before,
      audited: AUDITED,
      values,
    });
    return (await withPathMaps(tx, tenantSid, [after]))[0]!;
  });
}

export async function deleteCompany(
  accounts: Pick<AccountsContext, 'db'>,
  ctx: RequestContext,
  input: { sid: string; version?: number },
): Promise<void> {
  const { tenantSid } = ctx;
  await deleteNode(accounts, ctx, {
    table: 'company',
    sid: input.sid,
    version: input.version,
    audited: AUDITED,
    notEmpty: 'companyNotEmpty',
    read: async (tx) => {
      const before = await companyOf(tx, tenantSid, input.sid, 'FOR UPDATE');
      if (before.parent_sid === null) throw fieldIssue('sid', 'field.org.company', 'validation.org.rootCompanyFixed');
      return before;
    },
    inUse: async (tx) => {
      const [use] = await tx.query<{ children: number; departments: number; members: number }>(
        `SELECT (SELECT count(*)::int FROM company WHERE parent_sid = $1 AND tenant_sid = $2) AS children,
                (SELECT count(*)::int FROM department WHERE company_sid = $1 AND tenant_sid = $2) AS departments,
                (SELECT count(*)::int FROM user_company WHERE company_sid = $1) AS members`,
        [input.sid, tenantSid],
      );
      return use !== undefined && (use.children > 0 || use.departments > 0 || use.members > 0);
    },
  });
}

export interface UserBrief {
  sid: string;
  account: string;
  name: string;
}

async function adminsOf(db: Queryable, tenantSid: string, companySid: string): Promise<UserBrief[]> {
  return db.query<UserBrief>(
    `SELECT u.sid, u.account, u.name FROM user_company uc JOIN user_account u ON u.sid = uc.user_sid
      WHERE uc.company_sid = $1 AND uc.is_company_admin AND u.tenant_sid = $2
      ORDER BY u.name, u.account`,
    [companySid, tenantSid],
  );
}

export async function companyAdmins(db: Queryable, tenantSid: string, sid: string): Promise<UserBrief[]> {
  await companyOf(db, tenantSid, sid);
  return adminsOf(db, tenantSid, sid);
}

/**
 * Makes exactly these users the company's administrators. Each must be an enterprise-side user of the
 * tenant; one not yet a member of the company becomes one (an administrator belongs to the company).
 */
export async function setCompanyAdmins(
  accounts: Pick<AccountsContext, 'db'>,
  ctx: RequestContext,
  input: { sid: string; user_sids: readonly string[] },
): Promise<UserBrief[]> {
  const { tenantSid } = ctx;
  const wanted = [...new Set(input.user_sids)];
  return accounts.db.transaction(async (tx) => {
    await companyOf(tx, tenantSid, input.sid, 'FOR UPDATE');
    const users = await tx.query<{ sid: string }>(
      'SELECT sid FROM user_account WHERE tenant_sid = $1 AND sid = ANY($2::text[]) AND user_type_client = 1',
      [tenantSid, wanted],
    );
    if (users.length !== wanted.length) throw fieldIssue('user_sids', 'field.org.admins');
    const before = (await adminsOf(tx, tenantSid, input.sid)).map((u) => u.sid);
    await tx.query(
      'UPDATE user_company SET is_company_admin = false WHERE company_sid = $1 AND NOT (user_sid = ANY($2::text[]))',
      [input.sid, wanted],
    );
    await tx.query(
      `INSERT INTO user_company (user_sid, company_sid, is_company_admin)
         SELECT unnest($2::text[]), $1, true
       ON CONFLICT (user_sid, company_sid) DO UPDATE SET is_company_admin = true`,
      [input.sid, wanted],
    );
    // A new membership widens the user's company data scope: cached access must reload.
    await bumpAccessVersion(tx, tenantSid);
    await audit(tx, {
      tenantSid,
      actorSid: ctx.userSid,
      action: 'company.admins_set',
      target: `company:${input.sid}`,
      detail: { before, after: wanted },
      requestId: ctx.requestId,
      at: ctx.now,
    });
    return adminsOf(tx, tenantSid, input.sid);
  });
}
