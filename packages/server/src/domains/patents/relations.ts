// Relations between two cases (spec §5): checking one (errors refuse it, warnings need confirming),
// adding one with the warnings the user confirmed, listing a case's relations both ways, deleting one.
// Both cases are read through the generic pipeline, so tenant, sub-company and data scope apply.
import {
  AppError,
  checkRelation,
  newSid,
  relationProblemKey,
  translate,
  type Language,
  type RelationCase,
  type RelationCheck,
  type RelationType,
  type RelationWarning,
} from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import { audit, type AccountsContext } from '../../modules/accounts/context.js';
import type { TenantModels } from '../../modules/custom-fields/service.js';
import type { DeleteDependent } from '../../platform/models/hooks.js';
import { readRecord, selectList, type RecordRow } from '../../platform/models/records.js';
import type { ModelRegistry, ResolvedModel } from '../../platform/models/registry.js';
import { scopeCondition } from '../../platform/models/scope.js';
import { SqlParams } from '../../platform/models/sql-params.js';
import { maskRows, viewFor } from '../../modules/rbac/model-view.js';
import type { Principal, RequestContext } from '../../platform/context.js';

/** The services the case-link commands use (inventors, relations, family). */
export interface PatentLinksDeps {
  accounts: AccountsContext;
  models: TenantModels;
  registry: ModelRegistry;
}

/** The patent model as the caller sees it (their field rights applied). */
export async function patentView(
  deps: PatentLinksDeps,
  { principal }: Pick<RequestContext, 'principal'>,
): Promise<ResolvedModel> {
  const model = await deps.models.resolve(principal.tenantSid, 'patent');
  if (!model) throw new AppError('modelNotFound', { params: { model: 'patent' } });
  return viewFor(model, principal.access);
}

/** One case the caller may see, or 404 (recordNotFound) for anything else: another tenant's, out of scope. */
export async function readPatent(
  deps: PatentLinksDeps,
  ctx: Pick<RequestContext, 'principal'>,
  sid: string,
): Promise<{ view: ResolvedModel; row: RecordRow }> {
  const view = await patentView(deps, ctx);
  return { view, row: await readRecord(deps, { principal: ctx.principal }, { model: view, sid }) };
}

/** Of these cases, the ones the caller may see, read through their view (hidden fields absent, masked). */
export async function visiblePatents(
  db: Queryable,
  view: ResolvedModel,
  principal: Principal,
  sids: readonly string[],
): Promise<Map<string, RecordRow>> {
  if (sids.length === 0) return new Map();
  const params = new SqlParams([sids]);
  const rows = await db.query<RecordRow>(
    `SELECT ${selectList(view)} FROM ${view.table} t WHERE t.sid = ANY($1::text[]) AND ${scopeCondition(principal, view, params)}`,
    params.values as never,
  );
  return new Map(maskRows(view, rows).map((row) => [String(row.sid), row]));
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function relationCase(row: RecordRow): RelationCase {
  return {
    sid: String(row.sid),
    country: text(row.country) ?? '',
    filingDate: text(row.filing_date),
    familyId: text(row.family_id),
    patentType: text(row.patent_type),
  };
}

export interface RelationInput {
  sid: string;
  type: RelationType;
  otherSid: string;
  /** What the other case is to this one: its parent, or its child. */
  direction: 'parent' | 'child';
}

export interface RelationProblemText {
  code: string;
  message: string;
}

export interface CheckedRelation extends RelationCheck {
  parentSid: string;
  childSid: string;
}

/**
 * The checks of a relation between two cases the caller may see. The facts are read through the
 * caller's view, so a field hidden from them is not checked either (a warning would reveal it).
 */
export async function checkCaseRelation(
  deps: PatentLinksDeps,
  ctx: Pick<RequestContext, 'principal'>,
  input: RelationInput,
): Promise<CheckedRelation> {
  const self = await readPatent(deps, ctx, input.sid);
  const other = input.otherSid === input.sid ? self : await readPatent(deps, ctx, input.otherSid);
  const [parent, child] = input.direction === 'parent' ? [other.row, self.row] : [self.row, other.row];
  return {
    ...checkRelation(input.type, relationCase(parent), relationCase(child)),
    parentSid: String(parent.sid),
    childSid: String(child.sid),
  };
}

export function problemTexts(language: Language, codes: readonly string[]): RelationProblemText[] {
  return codes.map((code) => ({
    code,
    message: translate(language, relationProblemKey(code as RelationWarning)),
  }));
}

export interface StoredRelation {
  sid: string;
  parent_sid: string;
  child_sid: string;
  relation_type: RelationType;
  acknowledged_warnings: string[];
  created_at: Date;
  created_by: string | null;
}

/**
 * Adds the relation. Refused (400) when the checks find an error, (409) when the same relation exists
 * either way round, and (409, the warnings listed as fields) while a warning is not in `acknowledged`;
 * only the warnings that applied are stored as confirmed.
 */
export async function createRelation(
  deps: PatentLinksDeps,
  ctx: RequestContext,
  input: RelationInput & { acknowledged: readonly string[] },
): Promise<StoredRelation> {
  const { principal, now } = ctx;
  const checked = await checkCaseRelation(deps, ctx, input);
  if (checked.errors.length) throw new AppError('relationSameCase');
  return deps.accounts.db.transaction(async (tx) => {
    const existing = await tx.query(
      `SELECT 1 FROM patent_relation WHERE tenant_sid = $1 AND relation_type = $2
          AND ((parent_sid = $3 AND child_sid = $4) OR (parent_sid = $4 AND child_sid = $3))`,
      [principal.tenantSid, input.type, checked.parentSid, checked.childSid],
    );
    if (existing.length) throw new AppError('relationExists');
    const open = checked.warnings.filter((w) => !input.acknowledged.includes(w));
    if (open.length)
      throw new AppError('relationWarnings', {
        params: { count: open.length },
        issues: checked.warnings.map((code) => ({
          field: code,
          labelKey: 'patentRelation.warningLabel',
          messageKey: relationProblemKey(code),
        })),
      });
    const rows = await tx.query<StoredRelation>(
      `INSERT INTO patent_relation (sid, tenant_sid, parent_sid, child_sid, relation_type, acknowledged_warnings, created_at, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING
       RETURNING sid, parent_sid, child_sid, relation_type, acknowledged_warnings, created_at, created_by`,
      [
        newSid(),
        principal.tenantSid,
        checked.parentSid,
        checked.childSid,
        input.type,
        checked.warnings,
        now,
        principal.userSid,
      ],
    );
    // A concurrent add of the same relation got there first.
    const relation = rows[0];
    if (!relation) throw new AppError('relationExists');
    // Both cases' histories show the link.
    for (const sid of [checked.parentSid, checked.childSid])
      await audit(tx, {
        tenantSid: principal.tenantSid,
        actorSid: principal.userSid,
        action: 'patent_relation.created',
        target: `patent:${sid}`,
        detail: {
          // What changed on this case: the other case became related (docs/audit.md).
          changes: relatedCaseChange(sid, checked, input.type, 'added'),
          relation: relation.sid,
          type: input.type,
          parent: checked.parentSid,
          child: checked.childSid,
          acknowledged: checked.warnings,
        },
        requestId: ctx.requestId,
        at: now,
      });
    return relation;
  });
}

export interface ListedRelation {
  sid: string;
  type: RelationType;
  /** What the other case is to this one. */
  role: 'parent' | 'child';
  parent_sid: string;
  child_sid: string;
  other: Record<string, unknown>;
  warnings: RelationProblemText[];
  created_at: string;
}

/** The fields of the other case a relation list shows (those the caller may see). */
const OTHER_FIELDS = ['sid', 'sn', 'title', 'country', 'status', 'filing_date', 'application_number'] as const;

export function pickFields(row: RecordRow, names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(names.map((name) => [name, row[name] ?? null]));
}

/** A case's relations both ways; relations to cases the caller may not see are left out. */
export async function listRelations(
  deps: PatentLinksDeps,
  ctx: Pick<RequestContext, 'principal' | 'language'>,
  sid: string,
): Promise<ListedRelation[]> {
  const { principal } = ctx;
  const { view } = await readPatent(deps, ctx, sid);
  const relations = await deps.accounts.db.query<StoredRelation>(
    `SELECT sid, parent_sid, child_sid, relation_type, acknowledged_warnings, created_at, created_by
       FROM patent_relation WHERE tenant_sid = $1 AND (parent_sid = $2 OR child_sid = $2)
      ORDER BY created_at, sid`,
    [principal.tenantSid, sid],
  );
  const others = relations.map((r) => (r.parent_sid === sid ? r.child_sid : r.parent_sid));
  const visible = await visiblePatents(deps.accounts.db, view, principal, [...new Set(others)]);
  return relations.flatMap((r, i) => {
    const other = visible.get(others[i]!);
    if (!other) return [];
    return [
      {
        sid: r.sid,
        type: r.relation_type,
        role: r.parent_sid === sid ? ('child' as const) : ('parent' as const),
        parent_sid: r.parent_sid,
        child_sid: r.child_sid,
        other: pickFields(other, OTHER_FIELDS),
        warnings: problemTexts(ctx.language, r.acknowledged_warnings),
        created_at: new Date(r.created_at).toISOString(),
      },
    ];
  });
}

/**
 * A relation entry's change on one of its two cases: the other case, with what it is to this one, added
 * (before nothing) or removed (after nothing).
 */
function relatedCaseChange(
  sid: string,
  pair: { parentSid: string; childSid: string },
  type: string,
  how: 'added' | 'removed',
): { related_case: { before: unknown; after: unknown } } {
  const other =
    pair.parentSid === sid
      ? { case: pair.childSid, type, role: 'child' }
      : { case: pair.parentSid, type, role: 'parent' };
  return { related_case: how === 'added' ? { before: null, after: other } : { before: other, after: null } };
}

/** Deletes a relation between two cases the caller may see; anything else answers 404. */
export async function deleteRelation(deps: PatentLinksDeps, ctx: RequestContext, relationSid: string): Promise<void> {
  const { principal, now } = ctx;
  await deps.accounts.db.transaction(async (tx) => {
    const rows = await tx.query<StoredRelation>(
      `SELECT sid, parent_sid, child_sid, relation_type, acknowledged_warnings FROM patent_relation
        WHERE sid = $1 AND tenant_sid = $2 FOR UPDATE`,
      [relationSid, principal.tenantSid],
    );
    const relation = rows[0];
    if (!relation) throw new AppError('relationNotFound');
    const view = await patentView(deps, ctx);
    const visible = await visiblePatents(tx, view, principal, [relation.parent_sid, relation.child_sid]);
    if (!visible.has(relation.parent_sid) || !visible.has(relation.child_sid)) throw new AppError('relationNotFound');
    await tx.query('DELETE FROM patent_relation WHERE sid = $1 AND tenant_sid = $2', [
      relationSid,
      principal.tenantSid,
    ]);
    for (const sid of [relation.parent_sid, relation.child_sid])
      await audit(tx, {
        tenantSid: principal.tenantSid,
        actorSid: principal.userSid,
        action: 'patent_relation.deleted',
        target: `patent:${sid}`,
        detail: {
          changes: relatedCaseChange(
            sid,
            { parentSid: relation.parent_sid, childSid: relation.child_sid },
            relation.relation_type,
            'removed',
          ),
          relation: relation.sid,
          type: relation.relation_type,
          parent: relation.parent_sid,
          child: relation.child_sid,
        },
        requestId: ctx.requestId,
        at: now,
      });
  });
}

/** What deleting a case takes along of ours, for the case-deletion confirmation. */
export async function countPatentLinks(
  db: Queryable,
  tenantSid: string,
  patentSid: string,
): Promise<DeleteDependent[]> {
  const [counts] = await db.query<{ inventors: number; relations: number }>(
    `SELECT (SELECT count(*) FROM patent_inventor WHERE tenant_sid = $1 AND patent_sid = $2)::int AS inventors,
            (SELECT count(*) FROM patent_relation WHERE tenant_sid = $1 AND (parent_sid = $2 OR child_sid = $2))::int AS relations`,
    [tenantSid, patentSid],
  );
  return [
    { key: 'inventors', label: { zh: '发明人', en: 'Inventors' }, count: counts?.inventors ?? 0 },
    { key: 'relations', label: { zh: '关联案件', en: 'Case relations' }, count: counts?.relations ?? 0 },
  ];
}

/** Removes a case's inventors and its relations both ways, in the caller's (the deletion's) transaction. */
export async function deletePatentLinks(tx: Queryable, tenantSid: string, patentSid: string): Promise<void> {
  await tx.query('DELETE FROM patent_inventor WHERE tenant_sid = $1 AND patent_sid = $2', [tenantSid, patentSid]);
  await tx.query('DELETE FROM patent_relation WHERE tenant_sid = $1 AND (parent_sid = $2 OR child_sid = $2)', [
    tenantSid,
    patentSid,
  ]);
}
