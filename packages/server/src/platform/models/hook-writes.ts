// Writes a hook makes to records other than the one the pipeline is writing (a case's expiry after one of
// its items changed, a deadline a recompute moved): each such write bumps that record's version, so a
// client holding the old one gets 409 instead of overwriting it, and leaves an audit entry on that record
// by the request's user and request id (docs/audit.md "Hook writes"). Hooks call these, never bare UPDATEs.
import { recordAction, type RecordVerb } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import { auditMany, type AuditEntry } from '../../modules/accounts/context.js';
import type { RequestContext } from '../context.js';
import { fieldChanges } from './records.js';

/**
 * What of the request a hook writes for: the tenant, the user the entries name, the request id and the
 * moment of the write or delete that ran it (its event's principal, requestId and now).
 */
export type HookWriteContext = Pick<RequestContext, 'tenantSid' | 'userSid' | 'requestId' | 'now'>;

export type FieldChanges = Record<string, { before: unknown; after: unknown }>;

/** One record a hook wrote in a set-based statement that bumped its version itself. */
export interface HookWrite {
  model: string;
  sid: string;
  verb: Extract<RecordVerb, 'created' | 'updated' | 'deleted'>;
  changes: FieldChanges;
  /** The record's version after the write (not for a delete). */
  version?: number;
  /** What made the write, for the entry's detail (`recompute`, …). */
  cause: string;
  /**
   * For a delete: the columns the data scope depends on, as the records pipeline keeps them (records.ts
   * `scopeColumns`), so the deleted record's history reaches those who could have read it.
   */
  scope?: { company_sid: string | null; created_by: string | null };
}

const IDENTIFIER = /^[a-z][a-z0-9_]*$/;

function identifier(name: string): string {
  // Names come from code, never from input; checked anyway because they are spliced into SQL.
  if (!IDENTIFIER.test(name)) throw new Error(`not a column or model name: ${name}`);
  return name;
}

/**
 * Sets columns of another record of `model` in the caller's transaction: only when a value differs, then
 * with its version bumped and its `updated_at/by`, and an `<model>.updated` entry with the changes.
 * Answers the record's version and changes, or undefined when nothing changed (or the record is gone).
 */
export async function writeByHook(
  tx: Queryable,
  ctx: HookWriteContext,
  input: { model: string; sid: string; values: Readonly<Record<string, unknown>>; cause: string },
): Promise<{ version: number; changes: FieldChanges } | undefined> {
  const { model, sid, values, cause } = input;
  const table = `m_${identifier(model)}`;
  const names = Object.keys(values).map(identifier);
  if (names.length === 0) return undefined;
  const before = await tx.query<Record<string, unknown>>(
    `SELECT ${names.join(', ')} FROM ${table} WHERE tenant_sid = $1 AND sid = $2 FOR UPDATE`,
    [ctx.tenantSid, sid],
  );
  if (!before[0]) return undefined;
  const sets = names.map((name, i) => `${name} = $${i + 5}`);
  const differs = names.map((name, i) => `t.${name} IS DISTINCT FROM $${i + 5}`);
  const after = await tx.query<Record<string, unknown> & { version: number }>(
    `UPDATE ${table} t SET ${sets.join(', ')}, updated_at = $3, updated_by = $4, version = t.version + 1
      WHERE t.tenant_sid = $1 AND t.sid = $2 AND (${differs.join(' OR ')})
      RETURNING t.version, ${names.map((n) => `t.${n}`).join(', ')}`,
    [ctx.tenantSid, sid, ctx.now, ctx.userSid, ...names.map((n) => values[n])] as never,
  );
  if (!after[0]) return undefined;
  const changes = fieldChanges(before[0], after[0], names);
  const version = Number(after[0].version);
  await auditHookWrites(tx, ctx, [{ model, sid, verb: 'updated', changes, version, cause }]);
  return { version, changes };
}

/**
 * The audit entries of records a hook wrote set-based (it bumped their versions in its own statements):
 * one `<model>.<verb>` entry per record, in one statement.
 */
export async function auditHookWrites(
  tx: Queryable,
  ctx: HookWriteContext,
  writes: readonly HookWrite[],
): Promise<void> {
  const entries = writes.map((w): AuditEntry => ({
    tenantSid: ctx.tenantSid,
    actorSid: ctx.userSid,
    action: recordAction(w.model, w.verb),
    target: `${w.model}:${w.sid}`,
    detail: {
      changes: w.changes,
      ...(w.version === undefined ? {} : { version: w.version }),
      ...(w.scope ? { record: w.scope } : {}),
      by_hook: w.cause,
    },
    // An empty id (work no request started) is stored as none.
    ...(ctx.requestId ? { requestId: ctx.requestId } : {}),
    at: ctx.now,
  }));
  await auditMany(tx, entries);
}
