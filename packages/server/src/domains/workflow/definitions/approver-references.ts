// A definition's approvers and copy recipients name users, roles (by code), departments and companies.
// They must be the saving tenant's: a definition naming another tenant's people would route its tasks
// (or leak its records) across the tenant wall, so it is refused when saved, created or imported.
import { AppError, type ApproverKind, type FieldIssue, type MessageKey, type ProcessGraph } from '@ipdesk/core';
import type { Queryable } from '../../../db/database.js';

/** Where each kind's values live, as SQL answering those of the tenant ($1) among the values ($2). */
const LOOKUPS: Partial<Record<ApproverKind, string>> = {
  user: 'SELECT sid AS value FROM user_account WHERE tenant_sid = $1 AND sid = ANY($2::text[])',
  role: 'SELECT code AS value FROM role WHERE tenant_sid = $1 AND lower(code) = ANY(SELECT lower(v) FROM unnest($2::text[]) v)',
  department: 'SELECT sid AS value FROM department WHERE tenant_sid = $1 AND sid = ANY($2::text[])',
  company: 'SELECT sid AS value FROM company WHERE tenant_sid = $1 AND sid = ANY($2::text[])',
  crossCompany: 'SELECT sid AS value FROM company WHERE tenant_sid = $1 AND sid = ANY($2::text[])',
};

export async function assertOwnApprovers(db: Queryable, tenantSid: string, graph: ProcessGraph): Promise<void> {
  const issues: FieldIssue[] = [];
  for (const node of Object.values(graph.nodes)) {
    if (node.kind !== 'userTask') continue;
    for (const rule of [...node.approvers, ...node.cc]) {
      const sql = LOOKUPS[rule.kind];
      if (!sql || rule.values.length === 0) continue;
      const found = await db.query<{ value: string }>(sql, [tenantSid, rule.values]);
      const known = new Set(found.map((r) => (rule.kind === 'role' ? r.value.toLowerCase() : r.value)));
      const foreign = rule.values.filter((v) => !known.has(rule.kind === 'role' ? v.toLowerCase() : v));
      if (foreign.length)
        issues.push({
          field: `${node.id}:${rule.kind}`,
          labelKey: `designer.approverKind.${rule.kind}` as MessageKey,
          messageKey: 'validation.workflowApproverUnknown',
          params: { node: node.name || node.id, values: foreign.join(', ') },
        });
    }
  }
  if (issues.length) throw new AppError('workflowApproverUnknown', { params: { count: issues.length }, issues });
}
