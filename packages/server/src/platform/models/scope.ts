// The one place that limits what a caller sees of a model's rows: their tenant always, the chosen
// sub-company with its children when the request names one, and their roles' data scope for the
// model (spec §6: all, own company, own department, specified departments, own records — several roles
// combine as a union). Every query of the model layer takes its condition from here.
// The subqueries name the tenant by its parameter, never by the row's column (`c.tenant_sid = t.tenant_sid`):
// uncorrelated, PostgreSQL runs each once (a semi-join or a hashed subplan) instead of once per row, which
// made a broad count with a sub-company chosen loop a million times on 1M patents (2.4 s).
// The company sets are arrays built once (`= ANY(ARRAY(subquery))`, an InitPlan), not `IN (subquery)`: as a
// semi-join the planner could not estimate them, guessed a handful of rows and sorted the whole tenant for
// a page of 20 (0.7–1.3 s on 1M patents, bench:web); against an array it expects most rows to match and
// walks the sort index with LIMIT (0.4 ms).
import type { Principal } from '../../http/context.js';
import type { SqlParams } from './sql-params.js';

/** The departments in the subtrees of the listed ones (a text[] parameter), of the caller's tenant. */
function departmentsUnder(departments: string, tenant: string): string {
  return `SELECT d.sid FROM department d JOIN department top ON d.path LIKE top.path || '%'
           WHERE top.sid = ANY(${departments}::text[]) AND d.tenant_sid = ${tenant}`;
}

/**
 * The data-scope part alone; TRUE when the caller sees every record of the tenant. `tenant` is the
 * placeholder of the caller's tenant sid, which the subqueries filter on.
 */
export function dataScopeCondition(
  principal: Principal,
  model: { name: string; declaration: { departmentField?: string } },
  params: SqlParams,
  tenant: string,
): string {
  const grant = principal.access.dataScope(model.name);
  if (grant.all) return 'TRUE';
  const parts: string[] = [];
  if (grant.company && principal.access.companySids.length) {
    parts.push(`t.company_sid = ANY(ARRAY(
      SELECT c.sid FROM company c JOIN company mine ON c.path LIKE mine.path || '%'
       WHERE mine.sid = ANY(${params.add(principal.access.companySids)}::text[]) AND c.tenant_sid = ${tenant}))`);
  }
  const departments = [
    ...(grant.department && principal.access.departmentSid ? [principal.access.departmentSid] : []),
    ...grant.departments,
  ];
  if (departments.length) {
    const list = params.add(departments);
    // Records created by the people of those departments, and (for models with a department field)
    // records that belong to one of them.
    parts.push(`t.created_by IN (SELECT p.account_user FROM m_person p
      WHERE p.tenant_sid = ${tenant} AND p.account_user IS NOT NULL AND p.department IN (${departmentsUnder(list, tenant)}))`);
    const field = model.declaration.departmentField;
    if (field) parts.push(`t.${field} IN (${departmentsUnder(list, tenant)})`);
  }
  if (grant.own) parts.push(`t.created_by = ${params.add(principal.userSid)}`);
  return parts.length ? `(${parts.join(' OR ')})` : 'FALSE';
}

export function scopeCondition(
  principal: Principal,
  model: { name: string; declaration: { departmentField?: string } },
  params: SqlParams,
): string {
  const tenant = params.add(principal.tenantSid);
  const data = dataScopeCondition(principal, model, params, tenant);
  const base = data === 'TRUE' ? `t.tenant_sid = ${tenant}` : `t.tenant_sid = ${tenant} AND ${data}`;
  if (!principal.companySid) return base;
  const company = params.add(principal.companySid);
  return `${base} AND t.company_sid = ANY(ARRAY(
    SELECT c.sid FROM company c WHERE c.tenant_sid = ${tenant}
       AND c.path LIKE (SELECT p.path FROM company p WHERE p.sid = ${company} AND p.tenant_sid = ${tenant}) || '%'))`;
}
