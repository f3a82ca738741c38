// A case's inventors through the API: reading, replacing the list (shares in hundredths, exactly 100,
// named persons of the tenant), the case's version checked and bumped, the audit entry, and who may call
// what (403 without the resource, 404 for other tenants' and out-of-scope cases). PGlite and PostgreSQL.
import { newSid } from '@ipdesk/core';
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

describe(`patent inventors (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let editor: SignedIn;
  let viewer: SignedIn;
  let nobody: SignedIn;
  let ownOnly: SignedIn;
  let stranger: SignedIn;
  let admin: SignedIn;
  let strangerCase: string;
  let personSid: string;
  let resignedSid: string;
  let otherTenantPerson: string;

  const call = (method: 'GET' | 'POST', url: string, s: SignedIn, payload?: object) =>
    t.app.inject({ method, url: `/webapi${url}`, headers: authed(s), ...(payload ? { payload } : {}) });
  const createCase = async (s: SignedIn, data: object = {}) => {
    const res = await call('POST', '/model/patent/do/create', s, {
      data: { title: 'Battery', sn: `P-${newSid()}`, patent_type: 'invention', country: 'CN', ...data },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { sid: string; version: number };
  };
  const createPerson = async (s: SignedIn, name: string) => {
    const res = await call('POST', '/model/person/do/create', s, { data: { name } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.sid as string;
  };

  beforeAll(async () => {
    t = await createAccountsTestApp();
    const tenant = await createTenant(t);
    const other = await createTenant(t);
    const [e, v, n, o, a] = [
      await createUser(t, tenant),
      await createUser(t, tenant),
      await createUser(t, tenant),
      await createUser(t, tenant),
      await createUser(t, tenant, { isTenantAdmin: true }),
    ];
    const x = await createUser(t, other, { isTenantAdmin: true });
    await grantRole(t, tenant, [e.sid], { resources: ['patent', 'patent:create', 'patent:update'] });
    await grantRole(t, tenant, [v.sid], { resources: ['patent'] });
    await grantRole(t, tenant, [n.sid], { resources: [] });
    await grantRole(t, tenant, [o.sid], { resources: ['patent', 'patent:update'], dataScope: 'own' });
    editor = await signIn(t.app, e.account, e.password);
    viewer = await signIn(t.app, v.account, v.password);
    nobody = await signIn(t.app, n.account, n.password);
    ownOnly = await signIn(t.app, o.account, o.password);
    admin = await signIn(t.app, a.account, a.password);
    stranger = await signIn(t.app, x.account, x.password);
    strangerCase = (await createCase(stranger)).sid;
    personSid = await createPerson(admin, '李雷');
    resignedSid = await createPerson(admin, '韩梅梅');
    await t.database.db.query(`UPDATE m_person SET status = 'resigned' WHERE sid = $1`, [resignedSid]);
    otherTenantPerson = await createPerson(stranger, 'Outsider');
  });
  afterAll(() => t.close());

  it('replaces the list in order, bumps the version and audits; reading answers it', async () => {
    const kase = await createCase(editor);
    const res = await call('POST', `/patent/${kase.sid}/inventors`, editor, {
      version: kase.version,
      inventors: [
        { name: ' 李雷 ', contribution: 33.33, person_sid: personSid },
        { name: 'Outside Inventor', contribution: 33.33 },
        { name: 'Third', contribution: 33.34, person_sid: null },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      version: kase.version + 1,
      inventors: [
        { position: 1, person_sid: personSid, name: '李雷', contribution: 33.33 },
        { position: 2, person_sid: null, name: 'Outside Inventor', contribution: 33.33 },
        { position: 3, person_sid: null, name: 'Third', contribution: 33.34 },
      ],
    });
    const read = await call('GET', `/patent/${kase.sid}/inventors`, viewer);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.map((i: { name: string }) => i.name)).toEqual(['李雷', 'Outside Inventor', 'Third']);
    const record = await call('GET', `/model/patent/${kase.sid}`, editor);
    expect(record.json().data.version).toBe(kase.version + 1);
    const audits = await t.database.db.query<{ action: string; detail: { inventors: { after: unknown[] } } }>(
      `SELECT action, detail FROM audit_log WHERE target = $1 AND action = 'patent.inventors_replaced'`,
      [`patent:${kase.sid}`],
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.detail.inventors.after).toHaveLength(3);

    // Replacing again (a shorter list), then clearing it.
    const again = await call('POST', `/patent/${kase.sid}/inventors`, editor, {
      version: kase.version + 1,
      inventors: [{ name: 'Solo', contribution: 100 }],
    });
    expect(again.json().data.inventors).toEqual([{ position: 1, person_sid: null, name: 'Solo', contribution: 100 }]);
    const cleared = await call('POST', `/patent/${kase.sid}/inventors`, editor, {
      version: kase.version + 2,
      inventors: [],
    });
    expect(cleared.json().data).toEqual({ version: kase.version + 3, inventors: [] });
  });

  it('refuses shares that do not add up to 100, naming the sum (400350), and writes nothing', async () => {
    const kase = await createCase(editor);
    for (const [shares, sum] of [
      [[33.33, 33.33, 33.33], '99.99'],
      [[50, 50.01], '100.01'],
    ] as const) {
      const res = await call('POST', `/patent/${kase.sid}/inventors`, editor, {
        version: kase.version,
        inventors: shares.map((contribution, i) => ({ name: `P${i}`, contribution })),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(400350);
      expect(res.json().message).toBe(`Inventor contributions must add up to 100%; they now add up to ${sum}%`);
    }
    const zh = await t.app.inject({
      method: 'POST',
      url: `/webapi/patent/${kase.sid}/inventors`,
      headers: authed(editor, { 'x-language': 'zh-CN' }),
      payload: { version: kase.version, inventors: [{ name: 'A', contribution: 99.99 }] },
    });
    expect(zh.json().message).toBe('发明人贡献率之和必须为 100%，当前为 99.99%');
    expect((await call('GET', `/patent/${kase.sid}/inventors`, editor)).json().data).toEqual([]);
    expect((await call('GET', `/model/patent/${kase.sid}`, editor)).json().data.version).toBe(kase.version);
  });

  it('refuses bad rows with field errors (500001): names, decimals, range, the same person, persons', async () => {
    const kase = await createCase(editor);
    const send = (inventors: object[]) =>
      call('POST', `/patent/${kase.sid}/inventors`, editor, { version: kase.version, inventors });
    const cases: Array<[object[], string, string]> = [
      [[{ name: ' ', contribution: 100 }], 'inventors.0.name', 'Inventor name: is required'],
      [
        [
          { name: 'A', contribution: 33.333 },
          { name: 'B', contribution: 66.667 },
        ],
        'inventors.0.contribution',
        'Contribution: may have at most two decimals',
      ],
      [
        [
          { name: 'A', contribution: 0 },
          { name: 'B', contribution: 100 },
        ],
        'inventors.0.contribution',
        'Contribution: must be more than 0 and at most 100',
      ],
      [
        [
          { name: 'A', contribution: 50, person_sid: personSid },
          { name: 'B', contribution: 50, person_sid: personSid },
        ],
        'inventors.1.person_sid',
        'Inventor (person): the same person is listed as an inventor twice',
      ],
      [
        [{ name: 'A', contribution: 100, person_sid: resignedSid }],
        'inventors.0.person_sid',
        'Inventor (person): refers to data that is invalid or does not exist',
      ],
      [
        [{ name: 'A', contribution: 100, person_sid: otherTenantPerson }],
        'inventors.0.person_sid',
        'Inventor (person): refers to data that is invalid or does not exist',
      ],
    ];
    for (const [inventors, field, message] of cases) {
      const res = await send(inventors);
      expect(res.statusCode, JSON.stringify(inventors)).toBe(400);
      expect(res.json().code).toBe(500001);
      expect(res.json().fields[0].field).toBe(field);
      expect(res.json().message).toBe(message);
    }
    // Schema checks: a contribution that is no number, a stray field.
    const typed = await send([{ name: 'A', contribution: '100' }]);
    expect(typed.statusCode).toBe(400);
    expect(typed.json().code).toBe(500001);
    expect((await send([{ name: 'A', contribution: 100, tenant_sid: 'x' }])).statusCode).toBe(400);
  });

  it('keeps an inventor who has since resigned when the list is saved again', async () => {
    const kase = await createCase(editor);
    await t.database.db.query(
      `INSERT INTO patent_inventor (tenant_sid, patent_sid, position, person_sid, name, contribution)
       SELECT tenant_sid, sid, 1, $2, '韩梅梅', 100 FROM m_patent WHERE sid = $1`,
      [kase.sid, resignedSid],
    );
    const res = await call('POST', `/patent/${kase.sid}/inventors`, editor, {
      version: kase.version,
      inventors: [
        { name: '韩梅梅', contribution: 60, person_sid: resignedSid },
        { name: '李雷', contribution: 40, person_sid: personSid },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers a stale version with 409000', async () => {
    const kase = await createCase(editor);
    await call('POST', '/model/patent/do/update', editor, {
      sid: kase.sid,
      version: kase.version,
      data: { title: 'New' },
    });
    const res = await call('POST', `/patent/${kase.sid}/inventors`, editor, {
      version: kase.version,
      inventors: [{ name: 'A', contribution: 100 }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(409000);
  });

  it('refuses callers without the resource (403) and cases they may not see (404)', async () => {
    const kase = await createCase(editor);
    const body = { version: kase.version, inventors: [{ name: 'A', contribution: 100 }] };
    expect((await call('GET', `/patent/${kase.sid}/inventors`, nobody)).statusCode).toBe(403);
    expect((await call('POST', `/patent/${kase.sid}/inventors`, viewer, body)).statusCode).toBe(403);
    expect((await call('POST', `/patent/${kase.sid}/inventors`, nobody, body)).statusCode).toBe(403);
    for (const [s, sid] of [
      [stranger, kase.sid],
      [ownOnly, kase.sid],
      [editor, strangerCase],
      [editor, 'Z'.repeat(16)],
    ] as const) {
      const read = await call('GET', `/patent/${sid}/inventors`, s);
      expect(read.statusCode).toBe(404);
      expect(read.json().code).toBe(404202);
      const write = await call('POST', `/patent/${sid}/inventors`, s, body);
      expect(write.statusCode).toBe(404);
    }
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/webapi/patent/${kase.sid}/inventors`,
          headers: { 'x-language': 'en' },
        })
      ).statusCode,
    ).toBe(401);
  });
});
