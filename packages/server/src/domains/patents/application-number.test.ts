// Application numbers through the generic API: stored in the office's written form (the CN number
// without its dot gets it), and non-blocking warnings for a number already on another case of the
// tenant (linked when the caller may see it, counted when not) and for a CN type digit that contradicts
// the patent type: in the create/update answers and from the form's check, in both languages.
// Runs on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  createAccountsTestApp,
  createTenant,
  createUser,
  grantRole,
  signIn,
  type AccountsTestApp,
  type SignedIn,
  type TestTenant,
} from '../../../test/accounts.js';
import { onPostgres } from '../../../test/database.js';

interface Warning {
  code: string;
  field?: string;
  message: string;
  links?: Array<{ model: string; sid: string; label: string }>;
}

describe(`patent application numbers (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  let admin: SignedIn;
  let ownOnly: SignedIn;
  let outsider: SignedIn;
  let sn = 0;

  const post = (url: string, payload: Record<string, unknown>, who: SignedIn, language = 'en') =>
    t.app.inject({ method: 'POST', url: `/webapi${url}`, headers: authed(who, { 'x-language': language }), payload });
  const createCase = async (data: Record<string, unknown>, who = admin, language = 'en') => {
    const res = await post(
      '/model/patent/do/create',
      { data: { title: `电池 ${++sn}`, sn: `AN-${sn}`, patent_type: 'invention', country: 'CN', ...data } },
      who,
      language,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Record<string, unknown> & { sid: string; version: number }; warnings?: Warning[] };
  };

  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
    const other = await createTenant(t);
    const a = await createUser(t, tenant, { isTenantAdmin: true });
    const o = await createUser(t, tenant);
    const x = await createUser(t, other, { isTenantAdmin: true });
    await grantRole(t, tenant, [o.sid], { resources: ['patent', 'patent:create', 'patent:update'], dataScope: 'own' });
    admin = await signIn(t.app, a.account, a.password);
    ownOnly = await signIn(t.app, o.account, o.password);
    outsider = await signIn(t.app, x.account, x.password);
  });
  afterAll(() => t?.close());

  it('stores a CN number typed without its dot (or with spaces and the CN prefix) in the written form', async () => {
    const created = await createCase({ application_number: '2013100332996' });
    expect(created.data.application_number).toBe('201310033299.6');
    const res = await post(
      '/model/patent/do/update',
      { sid: created.data.sid, version: created.data.version, data: { application_number: 'CN 2013 1069 9744 2' } },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.application_number).toBe('201310699744.2');
    // A wrong check digit is still refused, named in the caller's language.
    const wrong = await post(
      '/model/patent/do/create',
      {
        data: {
          title: 'x',
          sn: `AN-${++sn}`,
          patent_type: 'invention',
          country: 'CN',
          application_number: '2013100332995',
        },
      },
      admin,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields[0]).toMatchObject({ field: 'application_number' });
    expect(wrong.json().fields[0].message).toContain('6');
  });

  it('warns, without refusing, when the number is already on another case of the tenant, linking it', async () => {
    const first = await createCase({ application_number: '201210687633.5' });
    expect(first.warnings).toBeUndefined();
    // The same number typed without the dot is the same number.
    const second = await createCase({ application_number: '2012106876335' });
    expect(second.data.application_number).toBe('201210687633.5');
    const duplicate = second.warnings?.find((w) => w.code === 'applicationNumberDuplicate');
    expect(duplicate).toMatchObject({
      field: 'application_number',
      links: [{ model: 'patent', sid: first.data.sid, label: `${String(first.data.sn)} ${String(first.data.title)}` }],
    });
    expect(duplicate!.message).toContain('201210687633.5 is already on another case');
    // Chinese for a Chinese caller, on update too; the case itself is never its own duplicate.
    const read = await t.app.inject({
      method: 'GET',
      url: `/webapi/model/patent/${first.data.sid}`,
      headers: authed(admin),
    });
    const updated = await post(
      '/model/patent/do/update',
      { sid: first.data.sid, version: read.json().data.version, data: { title: '电池 改' } },
      admin,
      'zh-CN',
    );
    expect(updated.statusCode, updated.body).toBe(200);
    const zh = (updated.json().warnings as Warning[]).find((w) => w.code === 'applicationNumberDuplicate')!;
    expect(zh.message).toContain('已登记在本租户的其他案件上');
    expect(zh.links!.map((l) => l.sid)).toEqual([second.data.sid]);
  });

  it('names only the cases the caller may see; others are counted, and other tenants never count', async () => {
    const hidden = await createCase({ application_number: '201510000001.0' });
    expect(hidden.data.application_number).toBe('201510000001.0');
    // The own-records user cannot see the admin's case: no title, no link, just that it exists.
    const mine = await createCase({ application_number: '201510000001.0' }, ownOnly);
    const warning = mine.warnings!.find((w) => w.code === 'applicationNumberDuplicate')!;
    expect(warning.links).toEqual([]);
    expect(warning.message).toBe(
      'Application number 201510000001.0 is already on 1 other case(s) of this tenant that you cannot see',
    );
    expect(warning.message).not.toContain(String(hidden.data.title));
    // Another tenant's case with the same number is no duplicate.
    const res = await post(
      '/model/patent/do/create',
      {
        data: { title: 't', sn: 'X-1', patent_type: 'invention', country: 'CN', application_number: '201510000001.0' },
      },
      outsider,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().warnings).toBeUndefined();
  });

  it('warns when the CN type digit contradicts the patent type (1/8 invention, 2/9 utility model, 3 design)', async () => {
    // 201220687633.0: 5th digit 2, a utility model number, on an invention case.
    const wrongType = await createCase({ application_number: '201220687633.0', patent_type: 'invention' });
    expect(wrongType.warnings).toEqual([
      {
        code: 'applicationNumberType',
        field: 'application_number',
        message:
          "The type digit 2 of the application number means utility model, but the case's patent type is invention",
      },
    ]);
    // 9 (PCT utility model in the national phase) on a utility model, and the 8-digit form's 3rd digit.
    const pctUm = await createCase({ application_number: '2019900000012', patent_type: 'utility_model' });
    expect(pctUm.warnings?.some((w) => w.code === 'applicationNumberType')).toBeFalsy();
    const old = await createCase({ application_number: '95115608.X', patent_type: 'design' }, admin, 'zh-CN');
    expect(old.warnings?.find((w) => w.code === 'applicationNumberType')?.message).toBe(
      '申请号的类型位 1 表示发明，与本案的专利类型“外观设计”不符',
    );
  });

  it("checks a form's values before saving: normalised number and warnings, nothing written", async () => {
    const existing = await createCase({ application_number: '201710000002.4' });
    const check = await post(
      '/model/patent/do/warnings',
      { data: { country: 'CN', application_number: '2017100000024', patent_type: 'design', unknown_field: 1 } },
      admin,
    );
    expect(check.statusCode, check.body).toBe(200);
    const data = check.json().data as { normalized: Record<string, unknown>; warnings: Warning[] };
    expect(data.normalized).toEqual({ application_number: '201710000002.4' });
    expect(data.warnings.map((w) => w.code)).toEqual(['applicationNumberDuplicate', 'applicationNumberType']);
    expect(data.warnings[0]!.links![0]!.sid).toBe(existing.data.sid);
    // Editing the case itself: its own number is no duplicate; the stored country and type are used.
    const self = await post(
      '/model/patent/do/warnings',
      { sid: existing.data.sid, data: { application_number: '201710000002.4' } },
      admin,
    );
    expect(self.json().data.warnings).toEqual([]);
    // Half-typed or odd values are not errors: no warnings.
    const partial = await post('/model/patent/do/warnings', { data: { country: 'CN', application_number: 42 } }, admin);
    expect(partial.json().data).toEqual({ normalized: {}, warnings: [] });
    // Bad input: a malformed sid, data that is not an object, another tenant's case.
    const badSid = await post('/model/patent/do/warnings', { sid: 'nope', data: {} }, admin);
    expect(badSid.statusCode).toBe(400);
    const badData = await post('/model/patent/do/warnings', { data: 'x' }, admin);
    expect(badData.statusCode).toBe(400);
    const foreign = await post('/model/patent/do/warnings', { sid: existing.data.sid, data: {} }, outsider);
    expect(foreign.statusCode).toBe(404);
    // Nothing was saved by the checks.
    const count = await post('/model/patent/do/search', { iql: "application_number = '201710000002.4'" }, admin);
    expect(count.json().data.rows).toHaveLength(1);
  });
});
