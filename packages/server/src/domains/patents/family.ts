// A case's family across countries: the cases reachable through relations, plus those sharing a family
// ID, each with its office, numbers, status and key dates, and the relations between them. The walk only
// steps through cases the caller may see (others are left out, with their links) and stops at a cap.
import type { RelationType } from '@ipdesk/core';
import type { Principal } from '../../http/context.js';
import type { Queryable } from '../../db/database.js';
import type { ResolvedModel } from '../../platform/models/registry.js';
import { scopeCondition } from '../../platform/models/scope.js';
import { SqlParams } from '../../platform/models/sql-params.js';
import { pickFields, readPatent, visiblePatents, type PatentLinksDeps } from './relations.js';
import type { RequestContext } from '../../platform/context.js';

export const FAMILY_NODE_CAP = 500;

/** What a family node shows of a case (fields hidden from the caller answer null). */
export const FAMILY_FIELDS = [
  'sid',
  'sn',
  'title',
  'country',
  'application_number',
  'patent_type',
  'status',
  'family_id',
  'filing_date',
  'priority_date',
  'publication_date',
  'grant_date',
] as const;

export interface FamilyEdge {
  sid: string;
  parent_sid: string;
  child_sid: string;
  type: RelationType;
}

export interface FamilyTree {
  root: string;
  nodes: Array<Record<string, unknown>>;
  edges: FamilyEdge[];
  /** True when the family has more cases than the cap and some were left out. */
  truncated: boolean;
}

/** Of these cases, the ones the caller may see (sids only: the walk's step). */
async function inScope(db: Queryable, view: ResolvedModel, principal: Principal, sids: string[]): Promise<string[]> {
  if (sids.length === 0) return [];
  const params = new SqlParams([sids]);
  const rows = await db.query<{ sid: string }>(
    `SELECT t.sid FROM ${view.table} t WHERE t.sid = ANY($1::text[]) AND ${scopeCondition(principal, view, params)}`,
    params.values as never,
  );
  return rows.map((r) => r.sid);
}

/** The neighbours of a step's cases: both ends of their relations, and cases of their families. */
async function neighbours(
  db: Queryable,
  view: ResolvedModel,
  principal: Principal,
  frontier: string[],
  edges: Map<string, FamilyEdge>,
): Promise<string[]> {
  const tenant = principal.tenantSid;
  const relations = await db.query<{ sid: string; parent_sid: string; child_sid: string; relation_type: RelationType }>(
    `SELECT sid, parent_sid, child_sid, relation_type FROM patent_relation
      WHERE tenant_sid = $1 AND (parent_sid = ANY($2::text[]) OR child_sid = ANY($2::text[]))`,
    [tenant, frontier],
  );
  const found = new Set<string>();
  for (const r of relations) {
    edges.set(r.sid, { sid: r.sid, parent_sid: r.parent_sid, child_sid: r.child_sid, type: r.relation_type });
    found.add(r.parent_sid);
    found.add(r.child_sid);
  }
  // Same family ID: read in scope already, and bounded, as a family ID may be shared by many cases.
  const params = new SqlParams([frontier, tenant]);
  const sameFamily = await db.query<{ sid: string }>(
    `SELECT t.sid FROM ${view.table} t
      WHERE t.family_id IN (SELECT f.family_id FROM ${view.table} f
                             WHERE f.tenant_sid = $2 AND f.sid = ANY($1::text[]) AND f.family_id <> '')
        AND ${scopeCondition(principal, view, params)}
      LIMIT ${FAMILY_NODE_CAP + 1}`,
    params.values as never,
  );
  for (const r of sameFamily) found.add(r.sid);
  return [...found];
}

/** The family of a case the caller may see; `cap` (the API's: FAMILY_NODE_CAP) bounds the cases walked. */
export async function familyTree(
  deps: PatentLinksDeps,
  ctx: Pick<RequestContext, 'principal'>,
  { sid, cap = FAMILY_NODE_CAP }: { sid: string; cap?: number },
): Promise<FamilyTree> {
  const { principal } = ctx;
  const db = deps.accounts.db;
  const { view } = await readPatent(deps, ctx, sid);
  const members = new Set([sid]);
  const edges = new Map<string, FamilyEdge>();
  let frontier = [sid];
  let truncated = false;
  while (frontier.length && !truncated) {
    const fresh = (await neighbours(db, view, principal, frontier, edges)).filter((s) => !members.has(s));
    const visible = await inScope(db, view, principal, fresh);
    frontier = [];
    for (const next of visible) {
      if (members.size >= cap) {
        truncated = true;
        break;
      }
      members.add(next);
      frontier.push(next);
    }
  }
  const rows = await visiblePatents(db, view, principal, [...members]);
  const nodes = [...rows.values()]
    .map((row) => pickFields(row, FAMILY_FIELDS))
    .sort(
      (a, b) =>
        String(a.country ?? '').localeCompare(String(b.country ?? '')) ||
        String(a.filing_date ?? '').localeCompare(String(b.filing_date ?? '')) ||
        String(a.sid).localeCompare(String(b.sid)),
    );
  return {
    root: sid,
    nodes,
    edges: [...edges.values()].filter((e) => rows.has(e.parent_sid) && rows.has(e.child_sid)),
    truncated,
  };
}
