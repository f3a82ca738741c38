// A case's inventors with their contribution shares (spec §3 Patent, §5 "must sum to 100"): read, and
// replaced as a whole list in one transaction that checks the case's version, bumps it, and audits.
import {
  AppError,
  checkContributions,
  contributionHundredths,
  formatHundredths,
  type FieldIssue,
  type InventorInput,
  type InventorProblem,
  type MessageKey,
} from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import { audit } from '../../modules/accounts/context.js';
import { readPatent, type PatentLinksDeps } from './relations.js';
import type { RequestContext } from '../../platform/context.js';

export interface InventorRow {
  position: number;
  person_sid: string | null;
  name: string;
  contribution: number;
}

export async function listInventors(db: Queryable, tenantSid: string, patentSid: string): Promise<InventorRow[]> {
  const rows = await db.query<{ position: number; person_sid: string | null; name: string; contribution: string }>(
    `SELECT position, person_sid, name, contribution::text AS contribution
       FROM patent_inventor WHERE tenant_sid = $1 AND patent_sid = $2 ORDER BY position`,
    [tenantSid, patentSid],
  );
  return rows.map((r) => ({ ...r, contribution: Number(r.contribution) }));
}

/** A case's inventors, for a caller who may see the case. */
export async function caseInventors(
  deps: PatentLinksDeps,
  ctx: Pick<RequestContext, 'principal'>,
  sid: string,
): Promise<InventorRow[]> {
  await readPatent(deps, ctx, sid);
  return listInventors(deps.accounts.db, ctx.principal.tenantSid, sid);
}

const ROW_PROBLEM: Record<
  Exclude<InventorProblem['code'], 'sumNot100'>,
  [keyof InventorInput, MessageKey, MessageKey]
> = {
  nameRequired: ['name', 'field.inventorName', 'validation.required'],
  contributionRange: ['contribution', 'field.inventorContribution', 'validation.contributionRange'],
  contributionDecimals: ['contribution', 'field.inventorContribution', 'validation.contributionDecimals'],
  duplicatePerson: ['person_sid', 'field.inventorPerson', 'validation.duplicateInventor'],
};

/** The core check's problems as the API's errors: rows first (500001 with fields), then the sum (400350). */
function refuseProblems(problems: readonly InventorProblem[]): void {
  const issues: FieldIssue[] = [];
  for (const problem of problems) {
    if (problem.code === 'sumNot100') continue;
    const [field, labelKey, messageKey] = ROW_PROBLEM[problem.code];
    issues.push({ field: `inventors.${problem.index}.${field}`, labelKey, messageKey });
  }
  if (issues.length) throw new AppError('validation', { issues });
  const sum = problems.find((p) => p.code === 'sumNot100');
  if (sum) throw new AppError('inventorContributionSum', { params: { sum: sum.sum } });
}

/**
 * Internal inventors must be persons of the tenant that may be referenced (not resigned). People who
 * were on the list before stay allowed, so a case whose inventor has since left can still be edited.
 */
async function checkPersons(
  tx: Queryable,
  deps: PatentLinksDeps,
  tenantSid: string,
  wanted: readonly (string | null | undefined)[],
  before: readonly InventorRow[],
): Promise<void> {
  const kept = new Set(before.map((r) => r.person_sid));
  const added = [...new Set(wanted.filter((sid): sid is string => Boolean(sid) && !kept.has(sid!)))];
  if (added.length === 0) return;
  const person = deps.registry.get('person');
  if (!person) throw new AppError('modelNotFound', { params: { model: 'person' } });
  const validity = person.declaration.validity;
  const rows = await tx.query<{ sid: string }>(
    `SELECT sid FROM ${person.table} WHERE tenant_sid = $1 AND sid = ANY($2::text[])
        ${validity ? `AND (${validity.field} IS NULL OR ${validity.field} <> ALL ($3::text[]))` : ''}`,
    validity ? [tenantSid, added, [...validity.invalid]] : [tenantSid, added],
  );
  const valid = new Set(rows.map((r) => r.sid));
  const issues: FieldIssue[] = [];
  wanted.forEach((sid, index) => {
    if (sid && added.includes(sid) && !valid.has(sid))
      issues.push({
        field: `inventors.${index}.person_sid`,
        labelKey: 'field.inventorPerson',
        messageKey: 'validation.invalidReference',
      });
  });
  if (issues.length) throw new AppError('validation', { issues });
}

export interface ReplaceInventors {
  sid: string;
  /** The case's version the caller read: a stale one answers 409000. */
  version: number;
  inventors: ReadonlyArray<{ name: string; contribution: number; person_sid?: string | null }>;
}

/** Replaces the list; answers the case's new version and the stored list. */
export async function replaceInventors(
  deps: PatentLinksDeps,
  ctx: RequestContext,
  input: ReplaceInventors,
): Promise<{ version: number; inventors: InventorRow[] }> {
  const { principal, now } = ctx;
  const { view } = await readPatent(deps, ctx, input.sid);
  const inventors = input.inventors.map((i) => ({ ...i, name: i.name.trim(), person_sid: i.person_sid ?? null }));
  refuseProblems(checkContributions(inventors));
  return deps.accounts.db.transaction(async (tx) => {
    const locked = await tx.query<{ version: number }>(
      `SELECT version FROM ${view.table} WHERE sid = $1 AND tenant_sid = $2 FOR UPDATE`,
      [input.sid, principal.tenantSid],
    );
    if (!locked[0]) throw new AppError('recordNotFound');
    if (locked[0].version !== input.version) throw new AppError('conflict');
    const before = await listInventors(tx, principal.tenantSid, input.sid);
    await checkPersons(
      tx,
      deps,
      principal.tenantSid,
      inventors.map((i) => i.person_sid),
      before,
    );
    await tx.query('DELETE FROM patent_inventor WHERE tenant_sid = $1 AND patent_sid = $2', [
      principal.tenantSid,
      input.sid,
    ]);
    if (inventors.length) {
      // One statement for the whole list: arrays unnested in step, position by position.
      await tx.query(
        `INSERT INTO patent_inventor (tenant_sid, patent_sid, position, person_sid, name, contribution)
         SELECT $1, $2, x.position, x.person_sid, x.name, x.contribution::numeric
           FROM unnest($3::int[], $4::text[], $5::text[], $6::text[]) AS x(position, person_sid, name, contribution)`,
        [
          principal.tenantSid,
          input.sid,
          inventors.map((_, i) => i + 1),
          inventors.map((i) => i.person_sid),
          inventors.map((i) => i.name),
          inventors.map((i) => formatHundredths(contributionHundredths(i.contribution)!)),
        ],
      );
    }
    const [bumped] = await tx.query<{ version: number }>(
      `UPDATE ${view.table} SET version = version + 1, updated_at = $3, updated_by = $4
        WHERE sid = $1 AND tenant_sid = $2 RETURNING version`,
      [input.sid, principal.tenantSid, now, principal.userSid],
    );
    const after = await listInventors(tx, principal.tenantSid, input.sid);
    await audit(tx, {
      tenantSid: principal.tenantSid,
      actorSid: principal.userSid,
      action: 'patent.inventors_replaced',
      target: `patent:${input.sid}`,
      detail: { inventors: { before, after }, version: bumped!.version },
      requestId: ctx.requestId,
      at: now,
    });
    return { version: bumped!.version, inventors: after };
  });
}
