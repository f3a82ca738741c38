// First start with an empty database: a demo tenant with its root company, one sub-company, the default
// roles and an administrator whose generated password must be changed at first sign-in, made by the same
// command as every tenant (modules/tenants/create-tenant.ts). Runs only when no tenant exists (under its
// lock), so a restart or a second server never seeds twice.
import type { Database } from '../db/database.js';
import { createFirstTenant } from '../modules/tenants/create-tenant.js';

export interface DemoSeed {
  created: boolean;
  tenant: { sid: string; code: string; nameZh: string; nameEn: string };
  /** Only when created: the administrator's sign-in, shown once on the console. */
  admin?: { account: string; password: string };
}

export const DEMO_TENANT = { code: 'demo', nameZh: '演示研究院', nameEn: 'Demo Research Institute' } as const;

export async function seedDemo(db: Database, at: Date = new Date()): Promise<DemoSeed> {
  const created = await createFirstTenant(
    db,
    {
      ...DEMO_TENANT,
      admin: { account: 'admin' },
      subCompanies: [`${DEMO_TENANT.nameZh} · 材料研究所`],
      isDemo: true,
    },
    { at },
  );
  if (created)
    return {
      created: true,
      tenant: { sid: created.sid, ...DEMO_TENANT },
      admin: { account: created.admin.account, password: created.admin.password },
    };
  const rows = await db.query<{ sid: string; code: string; name_zh: string; name_en: string }>(
    'SELECT sid, code, name_zh, name_en FROM tenant ORDER BY created_at, sid LIMIT 1',
  );
  const first = rows[0]!;
  return { created: false, tenant: { sid: first.sid, code: first.code, nameZh: first.name_zh, nameEn: first.name_en } };
}
