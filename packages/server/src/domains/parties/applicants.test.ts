// Applicants as records (issue 18): the applicant model's checks (credit code check character, unique
// in the tenant), a patent with two applicant references read in the reader's language, the server
// refusing references to an invalid, out-of-scope or other tenant's applicant, and an xlsx naming
// applicants in free text — previewed, one matched, one created on confirmation, or refused without it.
// PGlite and PostgreSQL.
import ExcelJS from 'exceljs';
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
} from '../../../test/accounts.js';
import { onPostgres } from '../../../test/database.js';

type Row = Record<string, unknown> & { sid: string; version: number };
type Titles = Record<string, Record<string, string | null>>;

function multipart(bytes: Buffer) {
  const boundary = '----ipdesk-applicants';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="patents.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function patentsSheet(rows: Array<[string, string, string]>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('data');
  sheet.addRow(['专利名称', '案号', '专利类型', '国家/地区', '申请人']);
  for (const [title, sn, applicants] of rows) sheet.addRow([title, sn, '发明', '中国', applicants]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe(`applicants as records (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let admin: SignedIn;
  /** Applicants of their own only (data scope), patents all. */
  let ownApplicants: SignedIn;
  /** May import patents and see applicants, but not create them. */
  let noApplicantCreate: SignedIn;
  let elsewhere: SignedIn;
  let acme: Row;

  const call = async (s: SignedIn, method: 'GET' | 'POST', url: string, payload?: object, language = 'en') =>
    t.app.inject({
      method,
      url: `/webapi/${url}`,
      headers: authed(s, { 'x-language': language }),
      ...(payload ? { payload } : {}),
    });
  const create = async (s: SignedIn, model: string, data: Record<string, unknown>, language = 'en') => {
    const res = await call(s, 'POST', `model/${model}/do/create`, { data }, language);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Row; titles: Titles };
  };
  const refused = async (s: SignedIn, model: string, data: Record<string, unknown>, language = 'en') => {
    const res = await call(s, 'POST', `model/${model}/do/create`, { data }, language);
    return { status: res.statusCode, body: res.json() as { code: number; fields?: Array<Record<string, string>> } };
  };
  const upload = async (s: SignedIn, url: string, bytes: Buffer) => {
    const body = multipart(bytes);
    return t.app.inject({
      method: 'POST',
      url: `/webapi/${url}`,
      headers: { ...authed(s, { 'x-language': 'en' }), 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const importFile = async (s: SignedIn, bytes: Buffer, query: string) => {
    const res = await upload(s, `model/patent/do/import?${query}`, bytes);
    expect(res.statusCode, res.body).toBe(200);
    for (let i = 0; i < 400; i++) {
      const job = (await call(s, 'GET', `model/patent/do/import/${res.json().data.job_sid}`)).json().data;
      if (job.status === 'completed' || job.status === 'failed') return job;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('import did not finish');
  };
  const findPatent = async (sn: string) => {
    const res = await call(admin, 'POST', 'model/patent/do/search', { iql: `sn = '${sn}'` });
    return res.json() as { data: { rows: Row[] }; titles: Titles };
  };

  beforeAll(async () => {
    t = await createAccountsTestApp();
    const tenant = await createTenant(t);
    const a = await createUser(t, tenant, { isTenantAdmin: true });
    admin = await signIn(t.app, a.account, a.password);
    const u1 = await createUser(t, tenant);
    await grantRole(t, tenant, [u1.sid], {
      resources: ['patent', 'patent:create', 'applicant', 'applicant:create'],
      modelScopes: [{ model: 'applicant', scope: 'own' }],
    });
    ownApplicants = await signIn(t.app, u1.account, u1.password);
    const u2 = await createUser(t, tenant);
    await grantRole(t, tenant, [u2.sid], { resources: ['patent', 'patent:create', 'patent:import', 'applicant'] });
    noApplicantCreate = await signIn(t.app, u2.account, u2.password);
    const other = await createTenant(t);
    const o = await createUser(t, other, { isTenantAdmin: true });
    elsewhere = await signIn(t.app, o.account, o.password);
    acme = (
      await create(admin, 'applicant', {
        name: '艾克米科技有限公司',
        name_en: 'Acme Technology Co., Ltd.',
        applicant_type: 'enterprise',
        credit_code: '91350100M000100Y43',
      })
    ).data;
  });
  afterAll(() => t.close());

  it('checks the credit code’s check character and keeps it unique in the tenant', async () => {
    const wrong = await refused(admin, 'applicant', { name: '错码公司', credit_code: '91350100M000100Y44' }, 'zh-CN');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 500005, fields: [{ field: 'credit_code', message: '校验码不正确' }] });
    const shape = await refused(admin, 'applicant', { name: 'Bad shape', credit_code: '91350100O000100Y43' });
    expect(shape.body.fields?.[0]).toMatchObject({ field: 'credit_code', message: expect.stringContaining('no I, O') });
    const person = await refused(admin, 'applicant', {
      name: '张三',
      applicant_type: 'individual',
      credit_code: '91110000600037341L',
    });
    expect(person.body.fields?.[0]).toMatchObject({
      field: 'credit_code',
      message: expect.stringContaining('organisations'),
    });
    const twice = await refused(admin, 'applicant', { name: '另一家', credit_code: '91350100M000100Y43' });
    expect(twice.status).toBe(409);
    expect(twice.body.fields?.[0]?.field).toBe('credit_code');
    // Another tenant may hold the same code.
    await create(elsewhere, 'applicant', { name: '艾克米（另一租户）', credit_code: '91350100M000100Y43' });
    // A person with a valid ID card.
    await create(admin, 'applicant', {
      name: '李四',
      applicant_type: 'individual',
      id_type: 'id_card',
      id_number: '11010519491231002X',
    });
  });

  it('gives a patent two applicants in order, read in the reader’s language', async () => {
    const university = (await create(admin, 'applicant', { name: '某某大学', applicant_type: 'university' })).data;
    const created = await create(admin, 'patent', {
      title: '一种电池',
      sn: 'AP-001',
      patent_type: 'invention',
      country: 'CN',
      applicants: [acme.sid, university.sid],
    });
    expect(created.data.applicants).toEqual([acme.sid, university.sid]);
    expect(created.titles.applicant).toEqual({ [acme.sid]: 'Acme Technology Co., Ltd.', [university.sid]: '某某大学' });
    const zh = (await call(admin, 'GET', `model/patent/${created.data.sid}`, undefined, 'zh-CN')).json() as {
      titles: Titles;
    };
    expect(zh.titles.applicant).toEqual({ [acme.sid]: '艾克米科技有限公司', [university.sid]: '某某大学' });
    // Found by iql on the reference.
    const found = await call(admin, 'POST', 'model/patent/do/search', { iql: `applicants = '${university.sid}'` });
    expect((found.json().data.rows as Row[]).map((r) => r.sid)).toEqual([created.data.sid]);
  });

  it('refuses a reference to an invalid, out-of-scope or other tenant’s applicant, and a name as an id', async () => {
    const closed = (await create(admin, 'applicant', { name: '已注销公司', status: 'invalid' })).data;
    const foreign = (await create(elsewhere, 'applicant', { name: 'Foreign Co' })).data;
    const patent = { title: '引用', patent_type: 'invention', country: 'CN' };
    for (const [sn, sid] of [
      ['AP-INV', closed.sid],
      ['AP-FOR', foreign.sid],
    ] as const) {
      const answer = await refused(admin, 'patent', { ...patent, sn, applicants: [acme.sid, sid] }, 'zh-CN');
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        code: 500005,
        fields: [{ field: 'applicants', message: '引用的数据无效或不存在' }],
      });
    }
    const name = await refused(admin, 'patent', { ...patent, sn: 'AP-NAME', applicants: ['Acme'] });
    expect(name.status).toBe(400);
    // Own-records scope on applicants: the admin's applicant is out of reach, their own is fine.
    const outOfScope = await refused(ownApplicants, 'patent', { ...patent, sn: 'AP-OOS', applicants: [acme.sid] });
    expect(outOfScope.body).toMatchObject({ code: 500005, fields: [{ field: 'applicants' }] });
    const mine = (await create(ownApplicants, 'applicant', { name: '我的申请人' })).data;
    await create(ownApplicants, 'patent', { ...patent, sn: 'AP-OWN', applicants: [mine.sid] });
    // Records already pointing at an applicant made invalid later stay readable and editable otherwise.
    const later = (await create(admin, 'applicant', { name: '后来注销' })).data;
    const kept = (await create(admin, 'patent', { ...patent, sn: 'AP-KEPT', applicants: [later.sid] })).data;
    const invalidate = await call(admin, 'POST', 'model/applicant/do/update', {
      sid: later.sid,
      version: later.version,
      data: { status: 'invalid' },
    });
    expect(invalidate.statusCode, invalidate.body).toBe(200);
    const edit = await call(admin, 'POST', 'model/patent/do/update', {
      sid: kept.sid,
      version: kept.version,
      data: { title: '改名' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
  });

  it('previews the names an xlsx gives, creates the unmatched one on confirmation', async () => {
    // "acme technology co., ltd." differs from the English name in case and spaces only.
    const bytes = await patentsSheet([['固态电池', 'AP-IMP-1', ' acme  technology co., ltd.;新材料研究院']]);
    const preview = await upload(admin, 'model/patent/do/import/preview', bytes);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.names).toEqual([
      {
        field: 'applicants',
        label: 'Applicants',
        target: 'applicant',
        target_label: 'Applicant',
        can_create: true,
        matched: [{ name: 'acme  technology co., ltd.', sid: acme.sid, title: 'Acme Technology Co., Ltd.' }],
        unmatched: ['新材料研究院'],
        ambiguous: [],
        matched_count: 1,
        unmatched_count: 1,
      },
    ]);

    // Not confirmed: the row fails, saying the name matched nothing and creating it was not confirmed.
    const refusedJob = await importFile(admin, bytes, 'mode=all_or_nothing');
    expect(refusedJob.status).toBe('failed');
    expect(refusedJob.errors).toEqual([
      expect.objectContaining({
        row: 2,
        column: 'E',
        field: 'applicants',
        message: expect.stringContaining('no record is named "新材料研究院", and creating it was not confirmed'),
      }),
    ]);
    expect((await findPatent('AP-IMP-1')).data.rows).toEqual([]);

    const job = await importFile(admin, bytes, 'mode=all_or_nothing&create_names=true');
    expect(job).toMatchObject({ status: 'completed', imported: 1, error_count: 0 });
    const { data, titles } = await findPatent('AP-IMP-1');
    const applicants = data.rows[0]!.applicants as string[];
    expect(applicants).toHaveLength(2);
    expect(applicants[0]).toBe(acme.sid);
    expect(titles.applicant![applicants[1]!]).toBe('新材料研究院');
    const createdApplicant = (await call(admin, 'GET', `model/applicant/${applicants[1]}`)).json().data as Row;
    expect(createdApplicant).toMatchObject({ name: '新材料研究院', status: 'valid', applicant_type: 'enterprise' });
    // Imported again, the name now matches the created record: no second one.
    const again = await importFile(
      admin,
      await patentsSheet([['固态电池二', 'AP-IMP-2', '新材料 研究院']]),
      'mode=all_or_nothing&create_names=true',
    );
    expect(again, JSON.stringify(again)).toMatchObject({ status: 'completed', imported: 1 });
    expect((await findPatent('AP-IMP-2')).data.rows[0]!.applicants).toEqual([applicants[1]]);
    const count = await call(admin, 'POST', 'model/applicant/do/count', { iql: "name = '新材料研究院'" });
    expect(count.json().data.total ?? count.json().data.count).toBe(1);
  });

  it('never creates applicants for a user without the right, even when asked', async () => {
    const bytes = await patentsSheet([['无权新建', 'AP-IMP-3', '无权创建的公司']]);
    const preview = await upload(noApplicantCreate, 'model/patent/do/import/preview', bytes);
    expect(preview.json().data.names[0]).toMatchObject({ can_create: false, unmatched: ['无权创建的公司'] });
    const job = await importFile(noApplicantCreate, bytes, 'mode=valid_only&create_names=true');
    // Valid-only: the job completes with nothing written and the row's refusal listed, on both engines.
    expect(job, JSON.stringify(job)).toMatchObject({ status: 'completed', imported: 0, error_count: 1 });
    expect(job.errors[0].message).toContain('no record is named "无权创建的公司"');
    const count = await call(admin, 'POST', 'model/applicant/do/count', { iql: "name = '无权创建的公司'" });
    expect(count.json().data.total ?? count.json().data.count).toBe(0);
  });

  it('answers the preview only to importers, with the file checked like an import', async () => {
    const bytes = await patentsSheet([['x', 'AP-X', 'y']]);
    expect((await upload(ownApplicants, 'model/patent/do/import/preview', bytes)).statusCode).toBe(403);
    const notXlsx = await upload(admin, 'model/patent/do/import/preview', Buffer.from('plain text'));
    expect(notXlsx.statusCode).toBe(415);
  });
});
