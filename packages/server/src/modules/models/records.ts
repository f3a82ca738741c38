// Reading and writing one model's records: create, read, update with optimistic concurrency, delete,
// each in one transaction with an audit entry carrying the field changes, and a record's history.
import { AppError, newSid, type Language } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import type { Principal } from '../../http/context.js';
import type { AccountsContext } from '../accounts/context.js';
import { audit } from '../accounts/context.js';
import type { ResolvedModel } from './registry.js';
import { scopeCondition } from './scope.js';
import { SqlParams } from './sql-params.js';
import { checkValues } from './values.js';

export type RecordRow = Record<string, unknown>;

const SYSTEM_COLUMNS = ['sid', 'company_sid', 'created_at', 'created_by', 'updated_at', 'updated_by', 'version'];

export function columnsOf(model: ResolvedModel, fieldList?: readonly string[]): string[] {
  const declared = [...model.fields.values()].filter((f) => !f.system).map((f) => f.name);
  const wanted = fieldList && fieldList.length ? declared.filter((name) => fieldList.includes(name)) : declared;
  return [...SYSTEM_COLUMNS, ...wanted];
}

async function lockRecord(tx: Queryable, model: ResolvedModel, principal: Principal, sid: string): Promise<RecordRow> {
  const params = new SqlParams([sid]);
  const rows = await tx.query<RecordRow>(
    `SELECT ${columnsOf(model)
      .map((c) => `t.${c}`)
      .join(', ')} FROM ${model.table} t WHERE t.sid = $1 AND ${scopeCondition(principal, params)} FOR UPDATE`,
    params.values as never,
  );
  const row = rows[0];
  if (!row) throw new AppError('recordNotFound');
  return row;
}

export async function readRecord(
  ctx: AccountsContext,
  model: ResolvedModel,
  principal: Principal,
  sid: string,
): Promise<RecordRow> {
  const params = new SqlParams([sid]);
  const rows = await ctx.db.query<RecordRow>(
    `SELECT ${columnsOf(model)
      .map((c) => `t.${c}`)
      .join(', ')} FROM ${model.table} t WHERE t.sid = $1 AND ${scopeCondition(principal, params)}`,
    params.values as never,
  );
  if (!rows[0]) throw new AppError('recordNotFound');
  return rows[0];
}

/** A unique-index violation as the catalogue's duplicate error naming the field. */
async function uniqueGuard<T>(
  model: ResolvedModel,
  language: Language,
  values: Map<string, unknown>,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const pgError = error as { code?: string; constraint?: string; message?: string };
    if (pgError.code !== '23505') throw error;
    const text = `${pgError.constraint ?? ''} ${pgError.message ?? ''}`;
    const field = [...model.fields.values()].find(
      (f) => f.declaration?.unique && text.includes(`${model.table}_${f.name}_unique`),
    );
    if (!field) throw error;
    throw new AppError('duplicateValue', {
      params: { label: field.label[language === 'en' ? 'en' : 'zh'], value: String(values.get(field.name) ?? '') },
    });
  }
}

function diff(before: RecordRow | undefined, after: RecordRow | undefined, names: readonly string[]) {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const name of names) {
    const a = before?.[name] ?? null;
    const b = after?.[name] ?? null;
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[name] = { before: a, after: b };
  }
  return changes;
}

function declaredNames(model: ResolvedModel): string[] {
  return [...model.fields.values()].filter((f) => !f.system).map((f) => f.name);
}

export async function createRecord(
  ctx: AccountsContext,
  model: ResolvedModel,
  principal: Principal,
  data: Record<string, unknown>,
  language: Language,
  requestId: string,
): Promise<RecordRow> {
  const { values } = checkValues(model, data, 'create', language);
  const now = ctx.now();
  const sid = newSid();
  const names = [...values.keys()];
  const params = new SqlParams([
    sid,
    principal.tenantSid,
    principal.companySid ?? principal.tenantSid,
    now,
    principal.userSid,
  ]);
  const placeholders = names.map((name) => params.add(values.get(name)));
  return uniqueGuard(model, language, values, () =>
    ctx.db.transaction(async (tx) => {
      const rows = await tx.query<RecordRow>(
        `INSERT INTO ${model.table} AS t (sid, tenant_sid, company_sid, created_at, created_by, updated_at, updated_by, version${names.map((n) => `, ${n}`).join('')})
         VALUES ($1, $2, $3, $4, $5, $4, $5, 1${placeholders.map((p) => `, ${p}`).join('')})
         RETURNING ${columnsOf(model)
           .map((c) => `t.${c}`)
           .join(', ')}`,
        params.values as never,
      );
      const row = rows[0]!;
      await audit(tx, {
        tenantSid: principal.tenantSid,
        actorSid: principal.userSid,
        action: 'record.created',
        target: `${model.name}:${sid}`,
        detail: { changes: diff(undefined, row, declaredNames(model)) },
        requestId,
        at: now,
      });
      return row;
    }),
  );
}

export async function updateRecord(
  ctx: AccountsContext,
  model: ResolvedModel,
  principal: Principal,
  input: { sid: string; version: number; data: Record<string, unknown> },
  language: Language,
  requestId: string,
): Promise<RecordRow> {
  const { values } = checkValues(model, input.data, 'update', language);
  const now = ctx.now();
  return uniqueGuard(model, language, values, () =>
    ctx.db.transaction(async (tx) => {
      const before = await lockRecord(tx, model, principal, input.sid);
      if (before.version !== input.version) throw new AppError('conflict');
      const params = new SqlParams([input.sid, principal.tenantSid, now, principal.userSid]);
      const sets = [...values.entries()].map(([name, value]) => `${name} = ${params.add(value)}`);
      const rows = await tx.query<RecordRow>(
        `UPDATE ${model.table} AS t SET ${[...sets, 'updated_at = $3', 'updated_by = $4', 'version = t.version + 1'].join(', ')}
          WHERE t.sid = $1 AND t.tenant_sid = $2
          RETURNING ${columnsOf(model)
            .map((c) => `t.${c}`)
            .join(', ')}`,
        params.values as never,
      );
      const after = rows[0]!;
      await audit(tx, {
        tenantSid: principal.tenantSid,
        actorSid: principal.userSid,
        action: 'record.updated',
        target: `${model.name}:${input.sid}`,
        detail: { changes: diff(before, after, declaredNames(model)), version: after.version },
        requestId,
        at: now,
      });
      return after;
    }),
  );
}

export async function deleteRecord(
  ctx: AccountsContext,
  model: ResolvedModel,
  principal: Principal,
  input: { sid: string; version?: number },
  requestId: string,
): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const before = await lockRecord(tx, model, principal, input.sid);
    if (input.version !== undefined && before.version !== input.version) throw new AppError('conflict');
    await tx.query(`DELETE FROM ${model.table} WHERE sid = $1 AND tenant_sid = $2`, [input.sid, principal.tenantSid]);
    await audit(tx, {
      tenantSid: principal.tenantSid,
      actorSid: principal.userSid,
      action: 'record.deleted',
      target: `${model.name}:${input.sid}`,
      detail: { changes: diff(before, undefined, declaredNames(model)) },
      requestId,
      at: now,
    });
  });
}

export interface HistoryEntry {
  action: string;
  actor_sid: string | null;
  actor_name: string | null;
  at: Date;
  changes: Record<string, { before: unknown; after: unknown }>;
}

export async function recordHistory(
  ctx: AccountsContext,
  model: ResolvedModel,
  principal: Principal,
  sid: string,
): Promise<HistoryEntry[]> {
  const rows = await ctx.db.query<{
    action: string;
    actor_sid: string | null;
    actor_name: string | null;
    created_at: Date;
    detail: { changes?: HistoryEntry['changes'] } | null;
  }>(
    `SELECT a.action, a.actor_sid, u.name AS actor_name, a.created_at, a.detail
       FROM audit_log a LEFT JOIN user_account u ON u.sid = a.actor_sid
      WHERE a.tenant_sid = $1 AND a.target = $2
      ORDER BY a.id`,
    [principal.tenantSid, `${model.name}:${sid}`],
  );
  if (rows.length === 0) await readRecord(ctx, model, principal, sid); // 404 for ids of others
  return rows.map((r) => ({
    action: r.action,
    actor_sid: r.actor_sid,
    actor_name: r.actor_name,
    at: r.created_at,
    changes: r.detail?.changes ?? {},
  }));
}
