// A case's deadlines as its Deadlines tab shows them: every deadline of the case (the caller may see the
// case: the route checks it first), rule-computed ones with their explanation, citation and the dates the
// rule counted from, titles and explanations in the caller's language.
import {
  explainDeadline,
  labelIn,
  localizeDeadlineRow,
  patentTaskModel,
  tableOf,
  type DeadlineBasis,
} from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import type { RequestContext } from '../../platform/context.js';

export async function caseDeadlines(
  db: Queryable,
  ctx: Pick<RequestContext, 'tenantSid' | 'language'>,
  input: { caseSid: string },
): Promise<Array<Record<string, unknown>>> {
  const rows = await db.query<{
    sid: string;
    version: number;
    title: string;
    due_date: string;
    status: string;
    origin: string | null;
    rule_code: string | null;
    item: string | null;
    assignee: string | null;
    completed_on: string | null;
    basis: DeadlineBasis | null;
  }>(
    `SELECT t.sid, t.version, t.title, t.due_date, t.status, t.origin, t.rule_code, t.item, t.assignee, t.completed_on, b.basis
       FROM ${tableOf(patentTaskModel)} t LEFT JOIN deadline_basis b ON b.task_sid = t.sid
      WHERE t.tenant_sid = $1 AND t.patent = $2
      ORDER BY t.due_date, t.sid`,
    [ctx.tenantSid, input.caseSid],
  );
  return rows.map(({ basis, ...row }) => ({
    ...row,
    ...localizeDeadlineRow(row, ctx.language),
    explanation: basis ? explainDeadline(basis, ctx.language) : null,
    citation: basis ? labelIn(basis.citation, ctx.language) : null,
    base_date: basis?.baseDate ?? null,
    unadjusted_date: basis?.unadjustedDate ?? null,
    pack_version: basis?.packVersion ?? null,
  }));
}
