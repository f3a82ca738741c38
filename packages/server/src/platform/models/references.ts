// References a write sets must point at valid data of the caller's tenant (spec §4 "Invalid data cannot
// be referenced"): declared models with a validity rule, accounts, companies and departments. A declared
// target's record must also be within the caller's data scope on that model (and the sub-company they act
// in), as its picker shows them: a sid from outside is refused as one that does not exist. Only the
// values being written are checked, so records that already point at data since made invalid stay.
import { AppError, translate, type Language, labelIn } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import type { Principal } from '../context.js';
import type { ModelRegistry, ResolvedField, ResolvedModel } from './registry.js';
import { scopeCondition } from './scope.js';
import { SqlParams } from './sql-params.js';
import { SYSTEM_TARGETS, type SystemTarget } from './system-targets.js';

/** Where a reference points and which of those rows may be referenced. */
type TargetTable = Pick<SystemTarget, 'table' | 'valid'> & { declared?: ResolvedModel };

function targetOf(registry: ModelRegistry, field: ResolvedField): TargetTable | undefined {
  const name = field.declaration?.target;
  if (!name) return undefined;
  const declared = registry.get(name);
  if (!declared) return SYSTEM_TARGETS[name];
  const validity = declared.declaration.validity;
  const invalid = validity?.invalid.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ');
  return {
    table: declared.table,
    valid: validity ? `(t.${validity.field} IS NULL OR t.${validity.field} <> ALL (ARRAY[${invalid}]))` : 'TRUE',
    declared,
  };
}

/** Of these sids, the ones the field may point at (imports check many rows at once). */
export async function validReferences(
  db: Queryable,
  registry: ModelRegistry,
  field: ResolvedField,
  principal: Principal,
  sids: readonly string[],
): Promise<Set<string> | undefined> {
  const target = targetOf(registry, field);
  if (!target) return undefined;
  const valid = new Set<string>();
  for (let i = 0; i < sids.length; i += 5000) {
    const params = new SqlParams([sids.slice(i, i + 5000)]);
    // A declared target: the caller's tenant, data scope and sub-company (scope.ts); a system one: the tenant.
    const scope = target.declared
      ? scopeCondition(principal, target.declared, params)
      : `t.tenant_sid = ${params.add(principal.tenantSid)}`;
    const rows = await db.query<{ sid: string }>(
      `SELECT t.sid FROM ${target.table} t WHERE t.sid = ANY($1::text[]) AND ${scope} AND ${target.valid}`,
      params.values as never,
    );
    for (const row of rows) valid.add(row.sid);
  }
  return valid;
}

/**
 * What a run of writes by one caller already found of their references, by field: `true` valid, `false` not.
 * A batch job keeps one per chunk of records, so the same agency is looked up once per chunk, not per record
 * (and read again at the next chunk, so one deleted meanwhile is refused from there on).
 */
export type ReferenceMemo = Map<string, Map<string, boolean>>;

export async function checkReferences(
  db: Queryable,
  registry: ModelRegistry,
  model: ResolvedModel,
  principal: Principal,
  values: ReadonlyMap<string, unknown>,
  language: Language,
  memo?: ReferenceMemo,
): Promise<void> {
  const failed: ResolvedField[] = [];
  for (const [name, value] of values) {
    const field = model.fields.get(name);
    if (!field || field.dataType !== 'ref' || value === null || value === undefined) continue;
    const sids = [...new Set([value].flat() as string[])];
    if (sids.length === 0) continue;
    const known = memo?.get(name);
    const unknown = known ? sids.filter((sid) => !known.has(sid)) : sids;
    const valid = unknown.length ? await validReferences(db, registry, field, principal, unknown) : new Set<string>();
    if (!valid) continue;
    if (memo) {
      const seen = known ?? new Map<string, boolean>();
      for (const sid of unknown) seen.set(sid, valid.has(sid));
      memo.set(name, seen);
      if (sids.some((sid) => !seen.get(sid))) failed.push(field);
    } else if (valid.size !== sids.length) failed.push(field);
  }
  if (failed.length === 0) return;
  throw new AppError('fieldRule', {
    fields: failed.map((field) => ({
      field: field.name,
      label: labelIn(field.label, language),
      message: translate(language, 'validation.invalidReference'),
    })),
  });
}
