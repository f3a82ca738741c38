// References a write sets must point at valid data of the caller's tenant (spec §4 "Invalid data cannot
// be referenced"): declared models with a validity rule, accounts, companies and departments. Only the
// values being written are checked, so records that already point at data since made invalid stay.
import { AppError, translate, type Language, labelIn } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import type { ModelRegistry, ResolvedField, ResolvedModel } from './registry.js';
import { SYSTEM_TARGETS, type SystemTarget } from './system-targets.js';

/** Where a reference points and which of those rows may be referenced. */
type TargetTable = Pick<SystemTarget, 'table' | 'valid'>;

function targetOf(registry: ModelRegistry, field: ResolvedField): TargetTable | undefined {
  const name = field.declaration?.target;
  if (!name) return undefined;
  const declared = registry.get(name);
  if (!declared) return SYSTEM_TARGETS[name];
  const validity = declared.declaration.validity;
  const invalid = validity?.invalid.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ');
  return {
    table: declared.table,
    valid: validity ? `(${validity.field} IS NULL OR ${validity.field} <> ALL (ARRAY[${invalid}]))` : 'TRUE',
  };
}

/** Of these sids, the ones the field may point at (imports check many rows at once). */
export async function validReferences(
  db: Queryable,
  registry: ModelRegistry,
  field: ResolvedField,
  tenantSid: string,
  sids: readonly string[],
): Promise<Set<string> | undefined> {
  const target = targetOf(registry, field);
  if (!target) return undefined;
  const valid = new Set<string>();
  for (let i = 0; i < sids.length; i += 5000) {
    const rows = await db.query<{ sid: string }>(
      `SELECT sid FROM ${target.table} WHERE tenant_sid = $1 AND sid = ANY($2::text[]) AND ${target.valid}`,
      [tenantSid, sids.slice(i, i + 5000)],
    );
    for (const row of rows) valid.add(row.sid);
  }
  return valid;
}

export async function checkReferences(
  db: Queryable,
  registry: ModelRegistry,
  model: ResolvedModel,
  tenantSid: string,
  values: ReadonlyMap<string, unknown>,
  language: Language,
): Promise<void> {
  const failed: ResolvedField[] = [];
  for (const [name, value] of values) {
    const field = model.fields.get(name);
    if (!field || field.dataType !== 'ref' || value === null || value === undefined) continue;
    const sids = [...new Set([value].flat() as string[])];
    if (sids.length === 0) continue;
    const valid = await validReferences(db, registry, field, tenantSid, sids);
    if (valid && valid.size !== sids.length) failed.push(field);
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
