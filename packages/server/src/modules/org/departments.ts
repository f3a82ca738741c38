// A tenant's departments, a tree under each company: the tree, create, update (moves rewrite the
// subtree's paths, possibly into another company), delete. Names are unique among siblings; a parent
// is of the same company; a leader is an active user of the tenant. One transaction and audit per write.
import { AppError, newSid, personModel, tableOf, translate, type Language } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import type { AccountsContext } from '../accounts/context.js';
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
import { duplicateValueError, violatedIndex } from '../../db/unique-violation.js';
import type { RequestContext } from '../../platform/context.js';

export type DepartmentRow = {
  sid: string;
  company_sid: string;
  parent_sid: string | null;
  path: string;
  name: string;
  name_en: string | null;
  code: string | null;
  status: number;
  sort_by: number;
  leader_sid: string | null;
  version: number;
};

const COLUMNS =
  't.sid, t.company_sid, t.parent_sid, t.path, t.name, t.name_en, t.code, t.status, t.sort_by, t.leader_sid, t.version';
const AUDITED = ['company_sid', 'parent_sid', 'path', 'name', 'name_en', 'code', 'status', 'sort_by', 'leader_sid'];

export interface DepartmentFields {
  name?: string;
  name_en?: string | null;
  code?: string | null;
  status?: 0 | 1;
  sort_by?: number;
  leader_sid?: string | null;
}

export interface NewDepartment extends DepartmentFields {
  company_sid: string;
  parent_sid?: string | null;
  name: string;
}

export interface DepartmentChange extends DepartmentFields {
  sid: string;
  version: number;
  company_sid?: string;
  parent_sid?: string | null;
}

async function companyOf(db: Queryable, tenantSid: string, sid: string, lock = ''): Promise<{ path: string }> {
  const rows = await db.query<{ path: string }>(`SELECT path FROM company WHERE sid = $1 AND tenant_sid = $2 ${lock}`, [
    sid,
    tenantSid,
  ]);
  if (!rows[0]) throw new AppError('recordNotFound');
  return rows[0];
}

async function departmentOf(db: Queryable, tenantSid: string, sid: string, lock = ''): Promise<DepartmentRow> {
  const rows = await db.query<DepartmentRow>(
    `SELECT ${COLUMNS} FROM department t WHERE t.sid = $1 AND t.tenant_sid = $2 ${lock}`,
    [sid, tenantSid],
  );
  if (!rows[0]) throw new AppError('recordNotFound');
  return rows[0];
}

/** The departments of one company (all companies when none is named), as trees ordered by sort_by. */
export async function departmentTree(
  db: Queryable,
  tenantSid: string,
  companySid?: string,
): Promise<Array<TreeNode<DepartmentRow>>> {
  if (companySid) await companyOf(db, tenantSid, companySid);
  const rows = await db.query<DepartmentRow>(
    `SELECT ${COLUMNS} FROM department t
      WHERE t.tenant_sid = $1 AND ($2::text IS NULL OR t.company_sid = $2)
      ORDER BY t.sort_by, t.name, t.sid`,
    [tenantSid, companySid ?? null],
  );
  return buildTree(rows);
}

async function checkLeader(tx: Queryable, tenantSid: string, leaderSid: string | null | undefined): Promise<void> {
  if (!leaderSid) return;
  const rows = await tx.query('SELECT 1 FROM user_account WHERE sid = $1 AND tenant_sid = $2 AND status = 1', [
    leaderSid,
    tenantSid,
  ]);
  if (!rows.length) throw fieldIssue('leader_sid', 'field.org.leader');
}

/** The parent a department goes under, locked against moves; it must be of the department's company. */
async function parentFor(
  tx: Queryable,
  tenantSid: string,
  companySid: string,
  parentSid: string | null | undefined,
): Promise<DepartmentRow | undefined> {
  if (!parentSid) return undefined;
  const parent = await departmentOf(tx, tenantSid, parentSid, 'FOR SHARE');
  if (parent.company_sid !== companySid) throw fieldIssue('parent_sid', 'field.org.parentDepartment');
  return parent;
}

/** A sibling with the same name (unique index department_name_idx) as the catalogue's duplicate error. */
async function uniqueName<T>(language: Language, name: () => string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!violatedIndex(error, ['department_name_idx'])) throw error;
    throw duplicateValueError(language, 'name', translate(language, 'field.org.departmentName'), name());
  }
}

export async function createDepartment(
  accounts: Pick<AccountsContext, 'db'>,
  ctx: RequestContext,
  input: NewDepartment,
): Promise<DepartmentRow> {
  const { tenantSid } = ctx;
  return uniqueName(
    ctx.language,
    () => input.name,
    () =>
      accounts.db.transaction(async (tx) => {
        await companyOf(tx, tenantSid, input.company_sid, 'FOR SHARE');
        const parent = await parentFor(tx, tenantSid, input.company_sid, input.parent_sid);
        await checkLeader(tx, tenantSid, input.leader_sid);
        const sid = newSid();
        const rows = await tx.query<DepartmentRow>(
          `INSERT INTO department AS t (sid, tenant_sid, company_sid, parent_sid, path, name, name_en, code, status, sort_by,
           leader_sid, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
         RETURNING ${COLUMNS}`,
          [
            sid,
            tenantSid,
            input.company_sid,
            parent?.sid ?? null,
            pathUnder(parent?.path, sid),
            input.name,
            input.name_en ?? null,
            input.code ?? null,
            input.status ?? 1,
            input.sort_by ?? 0,
            input.leader_sid ?? null,
            ctx.now,
          ],
        );
        const row = rows[0]!;
        const changes = fieldChanges(undefined, { ...row }, AUDITED);
        await auditNode(tx, ctx, { table: 'department', verb: 'created', sid, detail: { changes } });
        return row;
      }),
  );
}

export async function updateDepartment(
  accounts: Pick<AccountsContext, 'db'>,
  ctx: RequestContext,
  input: DepartmentChange,
): Promise<DepartmentRow> {
  const { tenantSid } = ctx;
  const moves = input.parent_sid !== undefined || input.company_sid !== undefined;
  // The name that clashed, for the message: the new one, or the kept one when the department moved.
  let name = input.name ?? '';
  return uniqueName(
    ctx.language,
    () => name,
    () =>
      accounts.db.transaction(async (tx) => {
        if (moves) await lockTenantTrees(tx, tenantSid);
        const before = await departmentOf(tx, tenantSid, input.sid, 'FOR UPDATE');
        name = input.name ?? before.name;
        if (before.version !== input.version) throw new AppError('conflict');
        const companySid = input.company_sid ?? before.company_sid;
        if (companySid !== before.company_sid) await companyOf(tx, tenantSid, companySid, 'FOR SHARE');
        const parentSid = input.parent_sid !== undefined ? input.parent_sid : before.parent_sid;
        const parent = await parentFor(tx, tenantSid, companySid, parentSid);
        if (parent) assertNotUnder(before.path, parent.path);
        if (input.leader_sid !== before.leader_sid) await checkLeader(tx, tenantSid, input.leader_sid);

        const path = pathUnder(parent?.path, before.sid);
        await rewritePaths(tx, 'department', tenantSid, before.path, path, ctx.now);
        if (companySid !== before.company_sid) {
          // The whole subtree goes with its top department.
          await tx.query(`UPDATE department SET company_sid = $1 WHERE tenant_sid = $2 AND path LIKE $3`, [
            companySid,
            tenantSid,
            `${path}%`,
          ]);
        }
        const values: Record<string, unknown> = { parent_sid: parent?.sid ?? null };
        for (const name of ['name', 'name_en', 'code', 'status', 'sort_by', 'leader_sid'] as const)
          if (input[name] !== undefined) values[name] = input[name];
        return updateNode(tx, ctx, {
          table: 'department',
          columns: COLUMNS,
          sid: input.sid,
          before,
          audited: AUDITED,
          values,
        });
      }),
  );
}

export async function deleteDepartment(
  accounts: Pick<AccountsContext, 'db'>,
  ctx: RequestContext,
  input: { sid: string; version?: number },
): Promise<void> {
  const { tenantSid } = ctx;
  await deleteNode(accounts, ctx, {
    table: 'department',
    sid: input.sid,
    version: input.version,
    audited: AUDITED,
    notEmpty: 'departmentNotEmpty',
    read: (tx) => departmentOf(tx, tenantSid, input.sid, 'FOR UPDATE'),
    inUse: async (tx) => {
      const [use] = await tx.query<{ children: number; persons: number }>(
        `SELECT (SELECT count(*)::int FROM department WHERE parent_sid = $1 AND tenant_sid = $2) AS children,
                (SELECT count(*)::int FROM ${tableOf(personModel)} WHERE department = $1 AND tenant_sid = $2) AS persons`,
        [input.sid, tenantSid],
      );
      return use !== undefined && (use.children > 0 || use.persons > 0);
    },
  });
}
