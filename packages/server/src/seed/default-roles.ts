// A new tenant's starting roles (core's DEFAULT_ROLES: the roles with what each domain grants them),
// inserted in the caller's transaction.
import {
  DEFAULT_ROLES,
  defaultRoles,
  DOMAINS,
  grantable,
  modelsOf,
  newSid,
  RESOURCE_CATALOG,
  resourceCatalog,
  type CoreDomain,
} from '@ipdesk/core';
import type { Queryable } from '../db/database.js';

export async function seedDefaultRoles(
  tx: Queryable,
  tenantSid: string,
  domains: readonly CoreDomain[] = DOMAINS,
): Promise<void> {
  const product = domains === DOMAINS;
  const catalog = product ? RESOURCE_CATALOG : resourceCatalog(modelsOf(domains), domains);
  for (const role of product ? DEFAULT_ROLES : defaultRoles(domains)) {
    const sid = newSid();
    await tx.query(
      `INSERT INTO role (sid, tenant_sid, code, name, description, platform, weight, data_scope, pick_range, show_sensitive)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        sid,
        tenantSid,
        role.code,
        role.name.zh,
        role.description.zh,
        role.platform,
        role.weight,
        role.dataScope,
        role.pickRange,
        role.showSensitive,
      ],
    );
    for (const code of role.resources) {
      const resource = catalog.byCode(code);
      if (!resource || !grantable(resource, role.platform)) throw new Error(`Default role ${role.code}: ${code}`);
      await tx.query('INSERT INTO role_resource (role_sid, resource_code) VALUES ($1, $2)', [sid, code]);
    }
  }
}
