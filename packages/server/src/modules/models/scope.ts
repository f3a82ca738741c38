// The one place that limits what a caller sees of a model's rows: their tenant always, and the
// chosen sub-company with its children when the request names one. Data permissions (RBAC issue)
// are added here, so no query is built without them.
import type { Principal } from '../../http/context.js';
import type { SqlParams } from './sql-params.js';

export function scopeCondition(principal: Principal, params: SqlParams): string {
  const tenant = `t.tenant_sid = ${params.add(principal.tenantSid)}`;
  if (!principal.companySid) return tenant;
  const company = params.add(principal.companySid);
  return `${tenant} AND t.company_sid IN (
    SELECT c.sid FROM company c WHERE c.tenant_sid = t.tenant_sid
       AND c.path LIKE (SELECT p.path FROM company p WHERE p.sid = ${company}) || '%')`;
}
