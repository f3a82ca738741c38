// Migration 0029: patents' free-text applicant names become applicant records, matched by exact name or
// English name within the tenant, else created once per name; order kept, repeats and blanks dropped.
// PGlite and PostgreSQL.
import { newSid } from '@ipdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  createAccountsTestApp,
  createTenant,
  createUser,
  signIn,
  type AccountsTestApp,
} from '../../../test/accounts.js';
import { onPostgres } from '../../../test/database.js';
import { applicantRecords } from '../../db/migrations/0029-applicant-records.js';

describe(`migration 0029: applicants as records (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp();
  });
  afterAll(() => t.close());

  it('turns names into references, matching existing applicants and creating the rest once', async () => {
    const db = t.database.db;
    const a = await createTenant(t);
    const b = await createTenant(t);
    const existing = newSid();
    await db.query(
      `INSERT INTO m_applicant (sid, tenant_sid, company_sid, created_at, updated_at, name, name_en, status)
       VALUES ($1, $2, $2, now(), now(), '现有公司', 'Existing Co', 'valid')`,
      [existing, a.sid],
    );
    const patent = async (tenant: string, sn: string, applicants: string[] | null, at: string) => {
      const sid = newSid();
      await db.query(
        `INSERT INTO m_patent (sid, tenant_sid, company_sid, created_at, updated_at, title, sn, patent_type, country, applicants)
         VALUES ($1, $2, $2, $4::timestamptz, $4::timestamptz, 'T', $3, 'invention', 'CN', $5)`,
        [sid, tenant, sn, at, applicants],
      );
      return sid;
    };
    const p1 = await patent(a.sid, 'MIG-1', ['Acme', ' 某大学 ', 'Acme', ''], '2024-01-01T00:00:00Z');
    const p2 = await patent(a.sid, 'MIG-2', ['某大学', 'Existing Co'], '2024-02-01T00:00:00Z');
    const p3 = await patent(b.sid, 'MIG-3', ['Acme'], '2024-03-01T00:00:00Z');
    const p4 = await patent(a.sid, 'MIG-4', null, '2024-04-01T00:00:00Z');

    await db.exec(applicantRecords.sql);

    const applicants = await db.query<{ sid: string; tenant_sid: string; name: string; status: string }>(
      `SELECT sid, tenant_sid, name, status FROM m_applicant WHERE tenant_sid = ANY($1::text[]) ORDER BY tenant_sid, name`,
      [[a.sid, b.sid]],
    );
    const sidOf = (tenant: string, name: string) =>
      applicants.find((r) => r.tenant_sid === tenant && r.name === name)?.sid;
    expect(
      applicants
        .filter((r) => r.tenant_sid === a.sid)
        .map((r) => r.name)
        .sort(),
    ).toEqual(['Acme', '某大学', '现有公司'].sort());
    expect(applicants.filter((r) => r.tenant_sid === b.sid).map((r) => r.name)).toEqual(['Acme']);
    for (const row of applicants) {
      expect(row.sid).toMatch(/^[0-9A-Za-z]{16}$/);
      expect(row.status).toBe('valid');
    }
    const rows = await db.query<{ sid: string; applicants: string[] | null; version: number }>(
      'SELECT sid, applicants, version FROM m_patent WHERE sid = ANY($1::text[])',
      [[p1, p2, p3, p4]],
    );
    const of = (sid: string) => rows.find((r) => r.sid === sid)!;
    expect(of(p1)).toMatchObject({ applicants: [sidOf(a.sid, 'Acme'), sidOf(a.sid, '某大学')], version: 2 });
    expect(of(p2)).toMatchObject({ applicants: [sidOf(a.sid, '某大学'), existing], version: 2 });
    expect(of(p3)).toMatchObject({ applicants: [sidOf(b.sid, 'Acme')], version: 2 });
    expect(of(p4)).toMatchObject({ applicants: null, version: 1 });
    expect(sidOf(a.sid, 'Acme')).not.toBe(sidOf(b.sid, 'Acme'));

    // The records read as any applicant: the case shows their names.
    const user = await createUser(t, a, { isTenantAdmin: true });
    const session = await signIn(t.app, user.account, user.password);
    const read = await t.app.inject({ method: 'GET', url: `/webapi/model/patent/${p2}`, headers: authed(session) });
    expect(read.json().titles.applicant).toEqual({ [sidOf(a.sid, '某大学')!]: '某大学', [existing]: 'Existing Co' });
  });
});
