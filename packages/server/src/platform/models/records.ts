// Reading and writing one model's records: create, read, update with optimistic concurrency, delete,
// each in one transaction with an audit entry carrying the field changes, and a record's history.
import {
  AppError,
  AUDIT_RESOURCE,
  maskValue,
  moneyCurrencyColumn,
  newSid,
  type Language,
  type MoneyValue,
  labelIn,
  recordAction,
  refuseAction,
  translate,
  type ActionRefusal,
  type LifecycleDeclaration,
} from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import type { Principal } from '../../http/context.js';
import type { AccountsContext } from '../../modules/accounts/context.js';
import { audit } from '../../modules/accounts/context.js';
import type { ModelRegistry, ResolvedModel } from './registry.js';
import type { DeleteDependent, DeleteEvent, RecordWarning } from './hooks.js';
import { checkReferences, type ReferenceMemo } from './references.js';
import { countChildren, refuseKeptChildren } from './children.js';
import { scopeCondition } from './scope.js';
import { SqlParams } from './sql-params.js';
import { checkRecordRules, checkValues } from './values.js';
import { bumpAccessVersion } from '../../modules/rbac/access.js';
import { maskRows } from '../../modules/rbac/model-view.js';
import { dictionaryOptions, enabledKeys } from '../../modules/dictionary/dictionary.js';
import { duplicateValueError, violatedIndex } from '../../db/unique-violation.js';
import type { RequestContext } from '../context.js';
import type { FileStorage } from '../files/storage.js';
import { releaseRecordFiles, removeReleasedFiles, saveFieldFiles } from './field-files.js';
import { notifyStatusChanged } from '../notifications/status-changed.js';

export type RecordRow = Record<string, unknown>;

/**
 * The services the record pipeline uses: the database, and the model registry (the models' hooks, the
 * targets of their references). Who writes, in which language and when come from the RequestContext.
 */
export interface RecordDeps {
  accounts: Pick<AccountsContext, 'db'>;
  registry: ModelRegistry;
  /**
   * Where files in fields live: their bytes leave it once an update or delete that released them
   * committed. Without it they stay queued in file_removal until the next start drains it.
   */
  storage?: FileStorage;
}

const SYSTEM_COLUMNS = ['sid', 'company_sid', 'created_at', 'created_by', 'updated_at', 'updated_by', 'version'];

/** SELECT expressions of the record's fields: system and declared columns, custom ones from JSONB. */
export function selectList(model: ResolvedModel, fieldList?: readonly string[]): string {
  const fields = [...model.fields.values()].filter(
    (f) => !f.system && (!fieldList?.length || fieldList.includes(f.name)),
  );
  return [
    ...SYSTEM_COLUMNS.map((c) => `t.${c}`),
    ...fields.map((f) =>
      f.custom ? `t.custom->'${f.name}' AS "${f.name}"` : f.dataType === 'money' ? moneySelect(f.name) : `t.${f.name}`,
    ),
  ].join(', ');
}

/**
 * A money field read as its wire value, { "amount": "1234.50", "currency": "CNY" }: the amount as the
 * numeric's text (stored with the currency's decimals, so "1234.50" stays so), null when there is none.
 */
function moneySelect(name: string): string {
  const currency = moneyCurrencyColumn(name);
  return `CASE WHEN t.${name} IS NULL THEN NULL ELSE jsonb_build_object('amount', t.${name}::text, 'currency', t.${currency}) END AS "${name}"`;
}

/** The dictionaries a model's option fields use, with the keys a new value may take. */
export async function dictionariesFor(
  db: Queryable,
  tenantSid: string,
  model: ResolvedModel,
): Promise<Map<string, Set<string>>> {
  const names = [...model.fields.values()].map((f) => f.declaration?.dictionary).filter((d): d is string => Boolean(d));
  return enabledKeys(db, tenantSid, names);
}

/** Values split by where they are stored: their own columns, or the custom JSONB. */
function splitValues(model: ResolvedModel, values: Map<string, unknown>) {
  const columns = new Map<string, unknown>();
  const custom: Record<string, unknown> = {};
  for (const [name, value] of values) {
    const field = model.fields.get(name);
    if (field?.custom) custom[name] = value;
    else if (field?.dataType === 'money') {
      // The amount in the field's numeric column, the code beside it.
      const money = value as MoneyValue | null;
      columns.set(name, money?.amount ?? null);
      columns.set(moneyCurrencyColumn(name), money?.currency ?? null);
    } else columns.set(name, value);
  }
  return { columns, custom };
}

async function lockRecord(tx: Queryable, model: ResolvedModel, principal: Principal, sid: string): Promise<RecordRow> {
  const params = new SqlParams([sid]);
  const rows = await tx.query<RecordRow>(
    `SELECT ${selectList(model)} FROM ${model.table} t WHERE t.sid = $1 AND ${scopeCondition(principal, model, params)} FOR UPDATE`,
    params.values as never,
  );
  const row = rows[0];
  if (!row) throw new AppError('recordNotFound');
  return row;
}

/** One record the caller may see, through their view (hidden fields left out, masked); 404 otherwise. */
export async function readRecord(
  deps: Pick<RecordDeps, 'accounts'>,
  ctx: Pick<RequestContext, 'principal'>,
  input: { model: ResolvedModel; sid: string },
): Promise<RecordRow> {
  const { model } = input;
  const params = new SqlParams([input.sid]);
  const rows = await deps.accounts.db.query<RecordRow>(
    `SELECT ${selectList(model)} FROM ${model.table} t WHERE t.sid = $1 AND ${scopeCondition(ctx.principal, model, params)}`,
    params.values as never,
  );
  if (!rows[0]) throw new AppError('recordNotFound');
  return maskRows(model, rows)[0]!;
}

/** Writes to fields permissions depend on (a person's department, say) refresh cached access. */
async function refreshAccessIfNeeded(
  tx: Queryable,
  model: ResolvedModel,
  tenantSid: string,
  changed: Iterable<string>,
): Promise<void> {
  const fields = model.declaration.accessFields;
  if (fields && [...changed].some((name) => fields.includes(name))) await bumpAccessVersion(tx, tenantSid);
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
    const unique = [...model.fields.values()].filter((f) => f.declaration?.unique);
    const index = violatedIndex(
      error,
      unique.map((f) => `${model.table}_${f.name}_unique`),
    );
    const field = unique.find((f) => index === `${model.table}_${f.name}_unique`);
    if (!field) throw error;
    throw duplicateValueError(
      language,
      field.name,
      labelIn(field.label, language),
      String(values.get(field.name) ?? ''),
    );
  }
}

/** The fields a write changed, as audit entries and record history keep them (JSON-compared). */
export function fieldChanges(
  before: Readonly<Record<string, unknown>> | undefined,
  after: Readonly<Record<string, unknown>> | undefined,
  names: readonly string[],
): Record<string, { before: unknown; after: unknown }> {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const name of names) {
    const a = before?.[name] ?? null;
    const b = after?.[name] ?? null;
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[name] = { before: a, after: b };
  }
  return changes;
}

/**
 * The row as the write's hooks left it: they may complete it in SQL (a computed field) or refuse; the
 * answer and the audit entry are this row, not what the pipeline wrote before them.
 */
async function finalRow(tx: Queryable, model: ResolvedModel, tenantSid: string, sid: string): Promise<RecordRow> {
  const rows = await tx.query<RecordRow>(
    `SELECT ${selectList(model)} FROM ${model.table} t WHERE t.sid = $1 AND t.tenant_sid = $2`,
    [sid, tenantSid],
  );
  if (!rows[0]) throw new AppError('recordNotFound');
  return rows[0];
}

function declaredNames(model: ResolvedModel): string[] {
  return [...model.fields.values()].filter((f) => !f.system).map((f) => f.name);
}

/**
 * The model behind a caller's view, every field: writes hand hooks, rules and the audit entry whole rows,
 * so a hook does not take a field hidden from this caller for empty (and overwrite it), and the history
 * keeps what changed in it. The answer is cut back to the view (presented).
 */
export function whole(model: ResolvedModel): ResolvedModel {
  return model.base ?? model;
}

/** A written row as the caller may see it: the fields hidden from them dropped, sensitive ones masked. */
function presented(view: ResolvedModel, row: RecordRow): RecordRow {
  for (const name of view.hidden ?? []) delete row[name];
  return maskRows(view, [row])[0]!;
}

/** Creates a record of the model as the caller sees it (their view), in the sub-company they act in. */
export async function createRecord(
  deps: RecordDeps,
  ctx: RequestContext,
  input: { model: ResolvedModel; data: Record<string, unknown> },
): Promise<RecordRow> {
  const { registry } = deps;
  const { model } = input;
  const { language, requestId, now } = ctx;
  const { values } = checkValues(
    model,
    input.data,
    'create',
    language,
    await dictionariesFor(deps.accounts.db, ctx.tenantSid, model),
  );
  const sid = newSid();
  const { columns, custom } = splitValues(model, values);
  const names = [...columns.keys(), 'custom'];
  const params = new SqlParams([sid, ctx.tenantSid, ctx.companySid ?? ctx.tenantSid, now, ctx.userSid]);
  const placeholders = [
    ...[...columns.values()].map((value) => params.add(value)),
    `${params.add(JSON.stringify(custom))}::jsonb`,
  ];
  return uniqueGuard(model, language, values, () =>
    deps.accounts.db.transaction(async (tx) => {
      await checkReferences(tx, registry, model, ctx.principal, values, language);
      await refreshAccessIfNeeded(tx, model, ctx.tenantSid, values.keys());
      await saveFieldFiles(tx, ctx, { model, recordSid: sid, values });
      const rows = await tx.query<RecordRow>(
        `INSERT INTO ${model.table} AS t (sid, tenant_sid, company_sid, created_at, created_by, updated_at, updated_by, version${names.map((n) => `, ${n}`).join('')})
         VALUES ($1, $2, $3, $4, $5, $4, $5, 1${placeholders.map((p) => `, ${p}`).join('')})
         RETURNING ${selectList(whole(model))}`,
        params.values as never,
      );
      let row = rows[0]!;
      const hooks = registry.hooks.of(model.name);
      if (hooks?.afterWrite) {
        await hooks.afterWrite(tx, {
          principal: ctx.principal,
          model,
          before: undefined,
          after: row,
          changed: Object.keys(fieldChanges(undefined, row, declaredNames(whole(model)))),
          now,
          language,
          requestId,
        });
        row = await finalRow(tx, whole(model), ctx.tenantSid, sid);
      }
      // Written from the final row, so the entry holds what the hooks set too (a computed expiry, say).
      await audit(tx, {
        tenantSid: ctx.tenantSid,
        actorSid: ctx.userSid,
        action: recordAction(model.name, 'created'),
        target: `${model.name}:${sid}`,
        detail: { changes: fieldChanges(undefined, row, declaredNames(whole(model))) },
        requestId,
        at: now,
      });
      return presented(model, row);
    }),
  );
}

/**
 * Inserts many checked records in the caller's transaction, a few hundred per statement (imports), as
 * written by the context's user in its sub-company at its moment.
 * Returns the new records' sids; the caller writes one audit entry for the whole batch.
 */
export async function insertRecords(
  tx: Queryable,
  ctx: Pick<RequestContext, 'tenantSid' | 'companySid' | 'userSid' | 'now'>,
  /** `sids`: the new records' ids where the caller chose them beforehand (names an import creates). */
  input: { model: ResolvedModel; records: ReadonlyArray<Map<string, unknown>>; sids?: readonly string[] },
): Promise<string[]> {
  const { model, records } = input;
  const sids: string[] = [];
  // Columns of the declared fields (a money field has two: its amount and its currency).
  const declared = [...model.fields.values()]
    .filter((f) => !f.system && !f.custom)
    .flatMap((f) => (f.dataType === 'money' ? [f.name, moneyCurrencyColumn(f.name)] : [f.name]));
  const perStatement = Math.max(1, Math.floor(30_000 / (declared.length + 6)));
  for (let start = 0; start < records.length; start += perStatement) {
    const params = new SqlParams([ctx.tenantSid, ctx.companySid ?? ctx.tenantSid, ctx.now, ctx.userSid]);
    const tuples = records.slice(start, start + perStatement).map((values, i) => {
      const { columns, custom } = splitValues(model, values);
      const sid = input.sids?.[start + i] ?? newSid();
      sids.push(sid);
      const cells = [
        params.add(sid),
        '$1',
        '$2',
        '$3',
        '$4',
        '$3',
        '$4',
        '1',
        ...declared.map((name) => params.add(columns.get(name) ?? null)),
        `${params.add(JSON.stringify(custom))}::jsonb`,
      ];
      return `(${cells.join(', ')})`;
    });
    await tx.query(
      `INSERT INTO ${model.table} (sid, tenant_sid, company_sid, created_at, created_by, updated_at, updated_by, version${declared.map((n) => `, ${n}`).join('')}, custom) VALUES ${tuples.join(', ')}`,
      params.values as never,
    );
  }
  return sids;
}

/** Updates fields of a record the caller may see, at the version they read (a stale one is a conflict). */
export async function updateRecord(
  deps: RecordDeps,
  ctx: RequestContext,
  input: { model: ResolvedModel; sid: string; version: number; data: Record<string, unknown> },
): Promise<RecordRow> {
  const { registry } = deps;
  const { model } = input;
  const { language } = ctx;
  const { values } = checkValues(
    model,
    input.data,
    'update',
    language,
    await dictionariesFor(deps.accounts.db, ctx.tenantSid, model),
  );
  const released: string[] = [];
  const row = await uniqueGuard(model, language, values, () =>
    deps.accounts.db.transaction(async (tx) => {
      const before = await lockRecord(tx, whole(model), ctx.principal, input.sid);
      if (before.version !== input.version) throw new AppError('conflict');
      const after = await updateLockedRecord(tx, registry, ctx, {
        model,
        sid: input.sid,
        before,
        values,
        releasedFiles: released,
      });
      return presented(model, after);
    }),
  );
  await removeReleasedFiles(deps.accounts.db, deps.storage, released);
  return row;
}

/** A record locked in the caller's scope, as the update pipeline reads it (every field); 404 otherwise. */
export function lockForUpdate(
  tx: Queryable,
  ctx: Pick<RequestContext, 'principal'>,
  input: { model: ResolvedModel; sid: string },
): Promise<RecordRow> {
  return lockRecord(tx, whole(input.model), ctx.principal, input.sid);
}

/**
 * The rest of an update on a record the caller's transaction locked (and whose version it checked): the
 * rules across fields, references, the write with the model's hooks, and the `<model>.updated` audit
 * entry. Answers the whole final row. A single update and each record of a batch edit run this.
 */
export async function updateLockedRecord(
  tx: Queryable,
  registry: ModelRegistry,
  ctx: RequestContext,
  input: {
    model: ResolvedModel;
    sid: string;
    before: RecordRow;
    values: Map<string, unknown>;
    /** Gets the storage keys of files taken out of file fields, to remove once the caller committed. */
    releasedFiles?: string[];
    /** A batch's memo of the references it checked (references.ts): each is looked up once per chunk. */
    references?: ReferenceMemo;
  },
): Promise<RecordRow> {
  const { model, before, values } = input;
  const { language, requestId, now } = ctx;
  checkRecordRules(model, values, before, language);
  await checkReferences(tx, registry, model, ctx.principal, values, language, input.references);
  await refreshAccessIfNeeded(tx, model, ctx.tenantSid, values.keys());
  input.releasedFiles?.push(...(await saveFieldFiles(tx, ctx, { model, recordSid: input.sid, before, values })));
  const after = await writeFields(tx, registry, ctx, { model, sid: input.sid, before, values });
  // Written from the final row, so the entry holds what the hooks set too (a recomputed expiry, say).
  await audit(tx, {
    tenantSid: ctx.tenantSid,
    actorSid: ctx.userSid,
    action: recordAction(model.name, 'updated'),
    target: `${model.name}:${input.sid}`,
    detail: { changes: fieldChanges(before, after, declaredNames(whole(model))), version: after.version },
    requestId,
    at: now,
  });
  return after;
}

/**
 * Writes checked values to a locked record (version bumped, who and when set), runs the model's afterWrite
 * hooks and answers the row as they left it: the one write of an update and of a lifecycle action.
 */
async function writeFields(
  tx: Queryable,
  registry: ModelRegistry,
  ctx: RequestContext,
  input: { model: ResolvedModel; sid: string; before: RecordRow; values: Map<string, unknown> },
): Promise<RecordRow> {
  const { model, sid, before } = input;
  const { language, requestId, now } = ctx;
  const params = new SqlParams([sid, ctx.tenantSid, now, ctx.userSid]);
  const { columns, custom } = splitValues(whole(model), input.values);
  const sets = [...columns.entries()].map(([name, value]) => `${name} = ${params.add(value)}`);
  if (Object.keys(custom).length) sets.push(`custom = t.custom || ${params.add(JSON.stringify(custom))}::jsonb`);
  const rows = await tx.query<RecordRow>(
    `UPDATE ${model.table} AS t SET ${[...sets, 'updated_at = $3', 'updated_by = $4', 'version = t.version + 1'].join(', ')}
      WHERE t.sid = $1 AND t.tenant_sid = $2
      RETURNING ${selectList(whole(model))}`,
    params.values as never,
  );
  const after = rows[0]!;
  const hooks = registry.hooks.of(model.name);
  if (!hooks?.afterWrite) return after;
  const changed = Object.keys(fieldChanges(before, after, declaredNames(whole(model))));
  const hooked = await hooks.afterWrite(tx, {
    principal: ctx.principal,
    model,
    before,
    after,
    changed,
    now,
    language,
    requestId,
  });
  // A hook that wrote to this row answers a row (ModelHooks.afterWrite): read it again as they left it. None
  // did (an agency change the patent rules do not read, say): the row is as written, one statement saved — a
  // copy, as the answer is cut to the caller's view in place and a hook may keep the row it was handed.
  return hooked && hooked !== after ? finalRow(tx, whole(model), ctx.tenantSid, sid) : { ...after };
}

/** Deletes a record the caller may see (at the version they read, when they send one), with its children. */
export async function deleteRecord(
  deps: RecordDeps,
  ctx: RequestContext,
  input: { model: ResolvedModel; sid: string; version?: number },
): Promise<void> {
  const { model } = input;
  const removed = await deps.accounts.db.transaction(async (tx) => {
    const before = await lockRecord(tx, whole(model), ctx.principal, input.sid);
    if (input.version !== undefined && before.version !== input.version) throw new AppError('conflict');
    return removeLockedRecord(tx, deps, ctx, { model, before });
  });
  await afterDeletes(deps, removed);
}

/** A record a delete removed, with the event its model's afterDelete hook takes once the delete committed. */
export interface RemovedRecord {
  model: string;
  event: DeleteEvent;
  /** Storage keys of the files in its fields, removed once the delete committed. */
  files: string[];
}

/**
 * Deletes a record the caller's transaction has locked (in scope, version checked): refused while a child
 * model declared `onParentDelete: 'refuse'` has records under it; else the model's hooks take its special
 * dependents, its child records go the same way (locked, their hooks, one audit entry each naming the
 * parent), then the row goes and the audit entry keeps its fields, the columns its scope depends on and
 * the children it took. Answers what was removed, children first, for the afterDelete hooks.
 */
export async function removeLockedRecord(
  tx: Queryable,
  deps: Pick<RecordDeps, 'registry'>,
  ctx: Pick<RequestContext, 'tenantSid' | 'userSid' | 'principal' | 'requestId' | 'now' | 'language'>,
  input: { model: ResolvedModel; before: RecordRow; parent?: { model: string; sid: string } },
): Promise<RemovedRecord[]> {
  const { model, before, parent } = input;
  const { requestId, now } = ctx;
  const sid = String(before.sid);
  const { registry } = deps;
  await refuseKeptChildren(tx, registry, { tenantSid: ctx.tenantSid, model, sid, language: ctx.language });
  const event: DeleteEvent = {
    principal: ctx.principal,
    record: before,
    now,
    requestId,
    ...(parent ? { parent } : {}),
  };
  await registry.hooks.of(model.name)?.beforeDelete?.(tx, event);
  const removed: RemovedRecord[] = [];
  const children: Record<string, number> = {};
  for (const child of registry.children(model.name)) {
    const childModel = child.onParentDelete === 'delete' ? registry.get(child.model) : undefined;
    if (!childModel) continue;
    const rows = await tx.query<RecordRow>(
      `SELECT ${selectList(childModel)} FROM ${childModel.table} t
        WHERE t.tenant_sid = $1 AND t.${child.field} = $2 ORDER BY t.sid FOR UPDATE`,
      [ctx.tenantSid, sid],
    );
    for (const row of rows)
      removed.push(
        ...(await removeLockedRecord(tx, deps, ctx, {
          model: childModel,
          before: row,
          parent: { model: model.name, sid },
        })),
      );
    if (rows.length) children[child.model] = rows.length;
  }
  const files = await releaseRecordFiles(tx, ctx, { model: model.name, recordSid: sid });
  await tx.query(`DELETE FROM ${model.table} WHERE sid = $1 AND tenant_sid = $2`, [sid, ctx.tenantSid]);
  await audit(tx, {
    tenantSid: ctx.tenantSid,
    actorSid: ctx.userSid,
    action: recordAction(model.name, 'deleted'),
    target: `${model.name}:${sid}`,
    detail: {
      changes: fieldChanges(before, undefined, declaredNames(whole(model))),
      record: scopeColumns(model, before),
      ...(Object.keys(children).length ? { children } : {}),
      ...(parent ? { parent: `${parent.model}:${parent.sid}` } : {}),
    },
    requestId,
    at: now,
  });
  removed.push({ model: model.name, event, files });
  return removed;
}

/** Runs the afterDelete hooks of what a committed delete removed (files leave the disk only now). */
export async function afterDeletes(
  deps: Pick<RecordDeps, 'registry' | 'accounts' | 'storage'>,
  removed: readonly RemovedRecord[],
): Promise<void> {
  for (const { model, event } of removed) await deps.registry.hooks.of(model)?.afterDelete?.(event);
  await removeReleasedFiles(
    deps.accounts.db,
    deps.storage,
    removed.flatMap((r) => r.files),
  );
}

/** What deleting a record also deletes (counts per kind, child models included), for the confirmation. */
export async function deletePreview(
  deps: RecordDeps,
  ctx: Pick<RequestContext, 'principal'>,
  input: { model: ResolvedModel; sid: string },
): Promise<DeleteDependent[]> {
  const record = await readRecord(deps, ctx, input);
  const preview = deps.registry.hooks.of(input.model.name)?.deletePreview;
  const db = deps.accounts.db;
  return [
    ...((await preview?.(db, { principal: ctx.principal, record })) ?? []),
    ...(await countChildren(db, deps.registry, {
      tenantSid: ctx.principal.tenantSid,
      model: input.model.name,
      sid: String(record.sid),
    })),
  ];
}

/** The columns the data scope depends on, kept in a delete's audit entry for the history's scope check. */
interface DeletedRecordScope {
  company_sid: string | null;
  created_by: string | null;
  /** The model's department field (`departmentField`), where it declares one. */
  department?: string | null;
}

function scopeColumns(model: ResolvedModel, row: RecordRow): DeletedRecordScope {
  const field = model.declaration.departmentField;
  return {
    company_sid: (row.company_sid as string | null) ?? null,
    created_by: (row.created_by as string | null) ?? null,
    ...(field ? { department: (row[field] as string | null | undefined) ?? null } : {}),
  };
}

export interface HistoryEntry {
  action: string;
  actor_sid: string | null;
  actor_name: string | null;
  at: Date;
  changes: Record<string, { before: unknown; after: unknown }>;
  /** A lifecycle action's entry: the action it ran and the comment given with it. */
  lifecycle_action?: string;
  comment?: string;
  /** The approval process whose outcome moved the status (an approval-bound action). */
  instance_sid?: string;
}

export async function recordHistory(
  deps: Pick<RecordDeps, 'accounts'>,
  ctx: Pick<RequestContext, 'principal'>,
  input: { model: ResolvedModel; sid: string },
): Promise<HistoryEntry[]> {
  const { model, sid } = input;
  const { principal } = ctx;
  const db = deps.accounts.db;
  const rows = await db.query<{
    action: string;
    actor_sid: string | null;
    actor_name: string | null;
    created_at: Date;
    detail: {
      changes?: HistoryEntry['changes'];
      record?: DeletedRecordScope;
      lifecycle_action?: string;
      comment?: string;
      instance_sid?: string;
    } | null;
  }>(
    `SELECT a.action, a.actor_sid, u.name AS actor_name, a.created_at, a.detail
       FROM audit_log a LEFT JOIN user_account u ON u.sid = a.actor_sid
      WHERE a.tenant_sid = $1 AND a.target = $2
      ORDER BY a.id`,
    [principal.tenantSid, `${model.name}:${sid}`],
  );
  // The history shows what a read of the record would: the same scope, always (not only when there is
  // no history), and for a deleted record only to those who could have read it and hold the audit right.
  if (!(await inScope(db, model, principal, sid))) {
    const deleted = rows.findLast((r) => r.action === recordAction(model.name, 'deleted'));
    if (!deleted || !(await deletedInScope(db, model, principal, sid, deleted.detail)))
      throw new AppError('recordNotFound');
    if (!principal.access.resources.has(AUDIT_RESOURCE)) throw new AppError('permissionDenied');
  }
  // Only the fields the caller may see, masked as their answers are.
  const masked = [...model.fields.values()].filter((f) => f.masked);
  return rows.map((r) => {
    const changes: HistoryEntry['changes'] = {};
    for (const [name, change] of Object.entries(r.detail?.changes ?? {})) {
      if (!model.fields.has(name)) continue;
      const field = masked.find((f) => f.name === name);
      changes[name] = field
        ? { before: maskValue(field.masked!, change.before), after: maskValue(field.masked!, change.after) }
        : change;
    }
    return {
      action: r.action,
      actor_sid: r.actor_sid,
      actor_name: r.actor_name,
      at: r.created_at,
      changes,
      ...(r.detail?.lifecycle_action && { lifecycle_action: r.detail.lifecycle_action }),
      ...(r.detail?.comment && { comment: r.detail.comment }),
      ...(r.detail?.instance_sid && { instance_sid: r.detail.instance_sid }),
    };
  });
}

/** Whether the caller's scope reaches the live record. */
async function inScope(db: Queryable, model: ResolvedModel, principal: Principal, sid: string): Promise<boolean> {
  const params = new SqlParams([sid]);
  const rows = await db.query(
    `SELECT 1 FROM ${model.table} t WHERE t.sid = $1 AND ${scopeCondition(principal, model, params)}`,
    params.values as never,
  );
  return rows.length > 0;
}

/**
 * Whether the caller's scope would have reached a deleted record: the scope condition evaluated over the
 * columns it depends on, as the delete's audit entry kept them. Entries written before the entry kept
 * them lack the company, so only a caller seeing the whole tenant passes.
 */
async function deletedInScope(
  db: Queryable,
  model: ResolvedModel,
  principal: Principal,
  sid: string,
  detail: { changes?: HistoryEntry['changes']; record?: DeletedRecordScope } | null,
): Promise<boolean> {
  const params = new SqlParams([sid, principal.tenantSid, detail?.record?.company_sid ?? null]);
  params.add(detail?.record?.created_by ?? null);
  const departmentField = model.declaration.departmentField;
  const department = departmentField
    ? `, ${params.add(detail?.record?.department ?? null)}::text AS ${departmentField}`
    : '';
  const rows = await db.query(
    `SELECT 1 FROM (SELECT $1::text AS sid, $2::text AS tenant_sid, $3::text AS company_sid, $4::text AS created_by${department}) t
      WHERE ${scopeCondition(principal, model, params)}`,
    params.values as never,
  );
  return rows.length > 0;
}

/** The model's non-blocking warnings on a saved record (create and update answers carry them). */
export async function recordWarnings(
  deps: RecordDeps,
  ctx: Pick<RequestContext, 'principal' | 'language'>,
  input: { model: ResolvedModel; record: RecordRow },
): Promise<RecordWarning[]> {
  const { model, record } = input;
  const hook = deps.registry.hooks.of(model.name)?.warnings;
  return hook ? hook(deps.accounts.db, { principal: ctx.principal, model, record, language: ctx.language }) : [];
}

/**
 * The warnings a form shows before it saves: the stored record (when editing one the caller may see)
 * overlaid with the form's values for declared fields, in their stored form (the model's normalize).
 * Nothing is checked or written: the values may be half typed. Answers the normalised fields too, so
 * the form can show "2013100332996" as it will be stored.
 */
export async function draftWarnings(
  deps: RecordDeps,
  ctx: Pick<RequestContext, 'principal' | 'language'>,
  input: { model: ResolvedModel; sid?: string; data: Record<string, unknown> },
): Promise<{ normalized: Record<string, unknown>; warnings: RecordWarning[] }> {
  const { model } = input;
  const stored = input.sid ? await readRecord(deps, ctx, { model, sid: input.sid }) : {};
  const declared = Object.entries(input.data).filter(([name]) => {
    const field = model.fields.get(name);
    return field !== undefined && !field.system;
  });
  const record: RecordRow = { ...stored, ...Object.fromEntries(declared) };
  const normalized = model.declaration.normalize?.(record) ?? {};
  const warnings = await recordWarnings(deps, ctx, { model, record: { ...record, ...normalized } });
  return { normalized, warnings };
}

/** One record and a lifecycle action of its model, as asked (values already checked against their fields). */
export interface LifecycleActionInput {
  model: ResolvedModel;
  lifecycle: LifecycleDeclaration;
  action: string;
  sid: string;
  version?: number;
  comment?: string;
  values: Map<string, unknown>;
}

/**
 * Moves one record through a lifecycle action (models/lifecycle.ts) in its own transaction: the record
 * checked (checkLifecycleAction), then moved to the action's status (writeLifecycleStatus).
 */
export async function applyLifecycleAction(
  deps: RecordDeps,
  ctx: RequestContext,
  input: LifecycleActionInput,
): Promise<RecordRow> {
  return deps.accounts.db.transaction(async (tx) => {
    const before = await checkLifecycleAction(tx, ctx, input);
    return writeLifecycleStatus(tx, deps, ctx, { ...input, before, to: input.lifecycle.actions[input.action]!.to });
  });
}

/**
 * In the caller's transaction, whether the action may run on the record: the row locked in the caller's
 * scope, the version they read, then the action's own checks on it (status, comment, fields it may set,
 * fields it requires, guard). Answers the locked row; an approval-bound action starts its process from it.
 */
export async function checkLifecycleAction(
  tx: Queryable,
  ctx: Pick<RequestContext, 'tenantSid' | 'principal' | 'language'>,
  input: LifecycleActionInput,
): Promise<RecordRow> {
  const { model, lifecycle, action } = input;
  const before = await lockLifecycleRecord(tx, ctx, input);
  if (input.version !== undefined && before.version !== input.version) throw new AppError('conflict');
  const refusal = refuseAction(lifecycle, action, before, {
    comment: input.comment,
    values: Object.fromEntries(input.values),
    actor: ctx.principal.userSid,
  });
  if (refusal)
    throw await actionRefusal(tx, ctx.tenantSid, { model, lifecycle, action, refusal, language: ctx.language });
  return before;
}

/** The record an action or its approval's outcome moves, locked, in the caller's scope. */
export function lockLifecycleRecord(
  tx: Queryable,
  ctx: Pick<RequestContext, 'principal'>,
  input: { model: ResolvedModel; sid: string },
): Promise<RecordRow> {
  return lockRecord(tx, whole(input.model), ctx.principal, input.sid);
}

/**
 * In the caller's transaction, a locked record moved to a status by a lifecycle action: the status and the
 * action's values written, the model's hooks run (a workflow field lock refuses here as on an update), and
 * the `<model>.status_changed` audit entry (or the action's `auditVerb`) written from the final row with the action, the comment and,
 * when an approval's outcome moved it, the process; and `record.statusChanged` queued to the people told.
 */
export async function writeLifecycleStatus(
  tx: Queryable,
  deps: Pick<RecordDeps, 'registry'>,
  ctx: RequestContext,
  input: Omit<LifecycleActionInput, 'version'> & { before: RecordRow; to: string; instanceSid?: string },
): Promise<RecordRow> {
  const { model, lifecycle, action, before } = input;
  const { language, requestId, now } = ctx;
  const declared = lifecycle.actions[action]!;
  const values = new Map(input.values).set(lifecycle.field, input.to);
  for (const cleared of declared.clears ?? []) values.set(cleared, null);
  for (const [name, stamp] of Object.entries(declared.stamps ?? {}))
    values.set(name, stamp === 'actor' ? ctx.userSid : stamp === 'now' ? now : stamp.value);
  await checkReferences(tx, deps.registry, model, ctx.principal, values, language);
  const hooks = deps.registry.hooks.of(model.name);
  // A domain's rule that reads the database (an agency's open agent accounts) refuses before the write.
  await hooks?.beforeAction?.(tx, {
    principal: ctx.principal,
    model,
    action,
    before,
    values,
    ...(input.instanceSid && { instanceSid: input.instanceSid }),
    now,
    language,
    requestId,
  });
  const after = await writeFields(tx, deps.registry, ctx, { model, sid: input.sid, before, values });
  await audit(tx, {
    tenantSid: ctx.tenantSid,
    actorSid: ctx.userSid,
    action: recordAction(model.name, declared.auditVerb ?? 'status_changed'),
    target: `${model.name}:${input.sid}`,
    detail: {
      changes: fieldChanges(before, after, declaredNames(whole(model))),
      version: after.version,
      lifecycle_action: action,
      ...(input.comment && { comment: input.comment }),
      ...(input.instanceSid && { instance_sid: input.instanceSid }),
    },
    requestId,
    at: now,
  });
  // Its watchers and responsible people are told in this same transaction (the outbox).
  await notifyStatusChanged(tx, deps, ctx, {
    model: whole(model),
    lifecycle,
    sid: input.sid,
    from: String(before[lifecycle.field]),
    to: String(after[lifecycle.field]),
    row: after,
  });
  return presented(model, after);
}

/** A refused action as the catalogue's error, with labels in the caller's language (the tenant's status labels). */
async function actionRefusal(
  tx: Queryable,
  tenantSid: string,
  {
    model,
    lifecycle,
    action,
    refusal,
    language,
  }: {
    model: ResolvedModel;
    lifecycle: LifecycleDeclaration;
    action: string;
    refusal: ActionRefusal;
    language: Language;
  },
): Promise<AppError> {
  const actionLabel = labelIn(lifecycle.actions[action]!.label, language);
  const fieldLabel = (name: string) => {
    const field = model.fields.get(name);
    return field ? labelIn(field.label, language) : name;
  };
  switch (refusal.reason) {
    case 'notFrom': {
      const dictionary = model.fields.get(lifecycle.field)?.declaration?.dictionary;
      const options = dictionary ? await dictionaryOptions(tx, tenantSid, dictionary) : [];
      const option = options.find((candidate) => candidate.key === refusal.status);
      const status = option ? labelIn(option.labels, language) : refusal.status;
      return new AppError('actionNotFrom', { params: { action: actionLabel, status } });
    }
    case 'commentRequired':
      return new AppError('actionCommentRequired', { params: { action: actionLabel } });
    case 'notSettable':
      return new AppError('actionNotSettable', {
        params: { action: actionLabel, fields: refusal.fields.map(fieldLabel).join(', ') },
      });
    case 'notWhen': {
      const dictionary = model.fields.get(refusal.field)?.declaration?.dictionary;
      const options = dictionary ? await dictionaryOptions(tx, tenantSid, dictionary) : [];
      const option = options.find((candidate) => candidate.key === refusal.value);
      const value = option
        ? labelIn(option.labels, language)
        : (refusal.value ?? translate(language, 'error.actionValueEmpty'));
      return new AppError('actionNotWhen', {
        params: { action: actionLabel, field: fieldLabel(refusal.field), value },
      });
    }
    case 'samePerson':
      return new AppError('actionSamePerson', { params: { action: actionLabel, field: fieldLabel(refusal.field) } });
    case 'guard':
      return new AppError('fieldRule', {
        fields: refusal.issues.map((issue) => ({
          field: issue.field,
          label: fieldLabel(issue.field),
          message: translate(language, issue.messageKey, { label: fieldLabel(issue.field), ...issue.params }),
        })),
      });
  }
}
