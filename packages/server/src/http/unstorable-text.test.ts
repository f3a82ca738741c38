// Issue 15 #6: a NUL or a lone UTF-16 surrogate in any string of a request (body value or key, query,
// path parameter) used to reach PostgreSQL and answer 500, sign-in included. Every route now refuses it
// first with 500001 naming the field, in the caller's language. PGlite and PostgreSQL.
import { newSid } from '@ipdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  createAccountsTestApp,
  createTenant,
  createUser,
  loginRequest,
  signIn,
  type AccountsTestApp,
  type SignedIn,
} from '../../test/accounts.js';
import { onPostgres } from '../../test/database.js';

const BAD = { nul: 'a\u0000b', high: 'a\uD800b', low: '\uDC00', reversed: '\uDC00\uD800' };

interface Answer {
  statusCode: number;
  body: string;
  json(): { code: number; message: string; fields?: Array<{ field: string; label: string; message: string }> };
}

function expectRefused(res: Answer, field: string, label: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body.code).toBe(500001);
  expect(body.fields).toEqual([
    { field, label, message: 'contains a character that is not allowed (NUL or an unpaired surrogate)' },
  ]);
}

describe(`NUL and lone surrogates (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let admin: SignedIn;
  let account: string;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    const tenant = await createTenant(t);
    const user = await createUser(t, tenant, { isTenantAdmin: true });
    account = user.account;
    admin = await signIn(t.app, user.account, user.password);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, language = 'en') =>
    t.app.inject({
      method: 'POST',
      url: `/webapi${url}`,
      headers: { ...authed(admin), 'x-language': language, 'content-type': 'application/json' },
      // JSON.stringify writes a lone surrogate as its \udXXX escape, as a hostile client would.
      payload: JSON.stringify(payload),
    });

  it.each(Object.entries(BAD))('refuses %s in anonymous sign-in, naming the field', async (_kind, text) => {
    expectRefused(await loginRequest(t.app, text, 'Whatever#1'), 'account', 'Account');
    expectRefused(await loginRequest(t.app, `${account}${text}`, 'Whatever#1'), 'account', 'Account');
    // The password travels sealed, so its characters are only seen after decryption: a wrong password.
    const sealed = await loginRequest(t.app, account, `x${text}`);
    expect(sealed.statusCode, sealed.body).toBe(400);
    expect(sealed.json().code).toBe(400102);
  });

  it.each(Object.entries(BAD))('refuses %s in a record, a search and a nested list', async (_kind, text) => {
    const data = { title: `Case ${text}`, sn: `P-${newSid()}`, patent_type: 'invention', country: 'CN' };
    expectRefused(await post('/model/patent/do/create', { data }), 'data.title', 'data.title');
    expectRefused(await post('/model/patent/do/search', { iql: `title = '${text}'` }), 'iql', 'Query');
    expectRefused(await post('/model/patent/do/search', { iql: '', fl: ['title', text] }), 'fl.1', 'Field list');
  });

  it('refuses a bad key and names it without echoing the character', async () => {
    expectRefused(await post('/model/patent/do/search', { ['i\u0000ql']: 'x' }), 'i\uFFFDql', 'i\uFFFDql');
  });

  it('refuses them in the query string and path parameters', async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url: `/webapi${url}`, headers: authed(admin) });
    expectRefused(await get(`/patent-deadlines/ical?iql=${encodeURIComponent("title = 'a\u0000'")}`), 'iql', 'Query');
    const res = await get('/model/patent/%00');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe(500001);
  });

  it('answers in Chinese for a Chinese caller', async () => {
    const res = await post('/model/patent/do/search', { iql: 'a\u0000' }, 'zh-CN');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields?.[0]?.message).toBe('含有不允许的字符（NUL 或不成对的代理项）');
  });

  it('still takes paired surrogates (emoji) and Chinese text', async () => {
    const data = { title: '电池 🔋 pack', sn: `P-${newSid()}`, patent_type: 'invention', country: 'CN' };
    const res = await post('/model/patent/do/create', { data });
    expect(res.statusCode, res.body).toBe(200);
    const found = await post('/model/patent/do/search', { iql: "title = '电池 🔋 pack'" });
    expect(found.json().data.rows).toHaveLength(1);
  });
});
