// First start with an empty database: create a demo tenant so there is something to sign in to.
// Runs in one transaction and only when no tenant exists, so a restart never seeds twice.
import { newSid } from '@ipdesk/core';
import type { Database } from '../db/database.js';

export interface DemoSeed {
  created: boolean;
  tenant: { sid: string; code: string; nameZh: string; nameEn: string };
}

export const DEMO_TENANT = { code: 'demo', nameZh: '演示研究院', nameEn: 'Demo Research Institute' } as const;

export async function seedDemo(db: Database): Promise<DemoSeed> {
  return db.transaction(async (tx) => {
    // Two servers starting on one empty database must not both seed.
    await tx.query('LOCK TABLE tenant IN SHARE ROW EXCLUSIVE MODE');
    const existing = await tx.query<{ sid: string; code: string; name_zh: string; name_en: string }>(
      'SELECT sid, code, name_zh, name_en FROM tenant ORDER BY created_at LIMIT 1',
    );
    const first = existing[0];
    if (first) {
      return {
        created: false,
        tenant: { sid: first.sid, code: first.code, nameZh: first.name_zh, nameEn: first.name_en },
      };
    }
    const sid = newSid();
    await tx.query('INSERT INTO tenant (sid, code, name_zh, name_en, is_demo) VALUES ($1, $2, $3, $4, true)', [
      sid,
      DEMO_TENANT.code,
      DEMO_TENANT.nameZh,
      DEMO_TENANT.nameEn,
    ]);
    return { created: true, tenant: { sid, ...DEMO_TENANT } };
  });
}
