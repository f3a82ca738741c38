// A new tenant's starting roles (core's DEFAULT_ROLES), inserted in the caller's transaction.
import { DEFAULT_ROLES, newSid, RESOURCE_CATALOG, grantable } from '@ipdesk/core';
import type { Queryable } from '../db/database.js';

export async function seedDefaultRoles(tx: Queryable, tenantSid: string): Promise<void> {
  for (const role of DEFAULT_ROLES) {
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
      const resource = RESOURCE_CATALOG.byCode(code);
      if (!resource || !grantable(resource, role.platform)) throw new Error(`Default role ${role.code}: ${code}`);
      await tx.query('INSERT INTO role_resource (role_sid, resource_code) VALUES ($1, $2)', [sid, code]);
    }
  }
}
