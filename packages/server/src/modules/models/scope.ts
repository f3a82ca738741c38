// The one place that limits what a caller sees of a model's rows: their tenant always, the chosen
// sub-company with its children when the request names one, and their roles' data scope for the
// model (spec §6: all, own company, own department, specified departments, own records — several roles
// combine as a union). Every query of the model layer takes its condition from here.
import type { Principal } from '../../http/context.js';
import type { SqlParams } from './sql-params.js';

/** The departments in the subtrees of the listed ones (a text[] parameter), of the row's tenant. */
function departmentsUnder(departments: string): string {
  return `SELECT d.sid FROM department d JOIN department top ON d.path LIKE top.path || '%'
           WHERE top.sid = ANY(${departments}::text[]) AND d.tenant_sid = t.tenant_sid`;
}

/** The data-scope part alone; TRUE when the caller sees every record of the tenant. */
export function dataScopeCondition(
  principal: Principal,
  model: { name: string; declaration: { departmentField?: string } },
  params: SqlParams,
): string {
  const grant = principal.access.dataScope(model.name);
  if (grant.all) return 'TRUE';
  const parts: string[] = [];
  if (grant.company && principal.access.companySids.length) {
    parts.push(`t.company_sid IN (
      SELECT c.sid FROM company c JOIN company mine ON c.path LIKE mine.path || '%'
       WHERE mine.sid = ANY(${params.add(principal.access.companySids)}::text[]) AND c.tenant_sid = t.tenant_sid)`);
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
      WHERE p.tenant_sid = t.tenant_sid AND p.account_user IS NOT NULL AND p.department IN (${departmentsUnder(list)}))`);
    const field = model.declaration.departmentField;
    if (field) parts.push(`t.${field} IN (${departmentsUnder(list)})`);
  }
  if (grant.own) parts.push(`t.created_by = ${params.add(principal.userSid)}`);
  return parts.length ? `(${parts.join(' OR ')})` : 'FALSE';
}

export function scopeCondition(
  principal: Principal,
  model: { name: string; declaration: { departmentField?: string } },
  params: SqlParams,
): string {
  const tenant = `t.tenant_sid = ${params.add(principal.tenantSid)}`;
  const data = dataScopeCondition(principal, model, params);
  const base = data === 'TRUE' ? tenant : `${tenant} AND ${data}`;
  if (!principal.companySid) return base;
  const company = params.add(principal.companySid);
  return `${base} AND t.company_sid IN (
    SELECT c.sid FROM company c WHERE c.tenant_sid = t.tenant_sid
       AND c.path LIKE (SELECT p.path FROM company p WHERE p.sid = ${company}) || '%')`;
}
