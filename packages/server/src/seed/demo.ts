// First start with an empty database: a demo tenant with its root company, one sub-company, the default
// roles and an administrator whose generated password must be changed at first sign-in. Runs only when no tenant
// exists (under a lock), so a restart or a second server never seeds twice.
import { randomBytes } from 'node:crypto';
import { newSid } from '@ipdesk/core';
import type { Database } from '../db/database.js';
import { hashPassword } from '../modules/accounts/password-hash.js';
import { createCompany, insertUserAccount } from '../modules/accounts/provision.js';
import { seedDefaultRoles } from './default-roles.js';

export interface DemoSeed {
  created: boolean;
  tenant: { sid: string; code: string; nameZh: string; nameEn: string };
  /** Only when created: the administrator's sign-in, shown once on the console. */
  admin?: { account: string; password: string };
}

export const DEMO_TENANT = { code: 'demo', nameZh: '演示研究院', nameEn: 'Demo Research Institute' } as const;

/** A password that meets every policy: upper, lower, digits, a symbol, 20 characters. */
function generatedPassword(): string {
  return `Ip${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}#7`;
}

export async function seedDemo(db: Database): Promise<DemoSeed> {
  const password = generatedPassword();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    await tx.query('LOCK TABLE tenant IN SHARE ROW EXCLUSIVE MODE');
    const existing = await tx.query<{ sid: string; code: string; name_zh: string; name_en: string }>(
      'SELECT sid, code, name_zh, name_en FROM tenant ORDER BY created_at LIMIT 1',
    );
    const first = existing[0];
    if (first)
      return {
        created: false,
        tenant: { sid: first.sid, code: first.code, nameZh: first.name_zh, nameEn: first.name_en },
      };
    const sid = newSid();
    await tx.query('INSERT INTO tenant (sid, code, name_zh, name_en, is_demo) VALUES ($1, $2, $3, $4, true)', [
      sid,
      DEMO_TENANT.code,
      DEMO_TENANT.nameZh,
      DEMO_TENANT.nameEn,
    ]);
    await createCompany(tx, { tenantSid: sid, sid, name: DEMO_TENANT.nameZh });
    await createCompany(tx, { tenantSid: sid, parentSid: sid, name: `${DEMO_TENANT.nameZh} · 材料研究所` });
    const admin = {
      tenantSid: sid,
      account: 'admin',
      password,
      name: '系统管理员',
      isTenantAdmin: true,
      mustChangePassword: true,
    };
    await insertUserAccount(tx, admin, passwordHash);
    await seedDefaultRoles(tx, sid);
    return { created: true, tenant: { sid, ...DEMO_TENANT }, admin: { account: 'admin', password } };
  });
}
