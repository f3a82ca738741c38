// Column settings and saved views per user and model.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  createAccountsTestApp,
  createTenant,
  createUser,
  signIn,
  type AccountsTestApp,
  type SignedIn,
} from '../../../test/accounts.js';
import { onPostgres } from '../../../test/database.js';

describe(`list settings (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let me: SignedIn;
  let other: SignedIn;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    const tenant = await createTenant(t);
    const a = await createUser(t, tenant);
    const b = await createUser(t, tenant);
    me = await signIn(t.app, a.account, a.password);
    other = await signIn(t.app, b.account, b.password);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, s: SignedIn, payload?: object) =>
    t.app.inject({
      method,
      url: `/webapi/model/user_define_config/do/${url}`,
      headers: authed(s),
      ...(payload ? { payload } : {}),
    });

  it('keeps each user’s columns per model, up to 20', async () => {
    expect((await call('GET', 'search_header?model=patent', me)).json().data.columns).toBeNull();
    expect((await call('POST', 'save_header', me, { model: 'patent', columns: ['sn', 'title'] })).statusCode).toBe(200);
    expect(
      (await call('POST', 'save_header', me, { model: 'patent', columns: ['title', 'sn', 'status'] })).statusCode,
    ).toBe(200);
    expect((await call('GET', 'search_header?model=patent', me)).json().data.columns).toEqual([
      'title',
      'sn',
      'status',
    ]);
    expect((await call('GET', 'search_header?model=patent', other)).json().data.columns).toBeNull();
    const tooMany = await call('POST', 'save_header', me, {
      model: 'patent',
      columns: Array.from({ length: 21 }, (_, i) => `f${i}`),
    });
    expect(tooMany.json()).toMatchObject({ code: 500001, message: 'Field list: allows at most 20 items' });
    expect((await call('POST', 'save_header', me, { model: 'nope', columns: [] })).json().code).toBe(404201);
  });

  it('numbers views consecutively with unique names, renumbering after a delete', async () => {
    const create = (name: string) => call('POST', 'create', me, { model: 'patent', name, iql: "status = 'granted'" });
    const first = (await create('已授权')).json().data;
    await create('Second');
    await create('Third');
    expect((await create('second')).json().code).toBe(409201);
    expect((await call('POST', `delete/${first.sid}`, other)).statusCode).toBe(404);
    expect((await call('POST', `delete/${first.sid}`, me)).statusCode).toBe(200);
    const views = (await call('POST', 'search', me, { model: 'patent' })).json().data;
    expect(views.map((v: { name: string; serial: number }) => [v.serial, v.name])).toEqual([
      [1, 'Second'],
      [2, 'Third'],
    ]);
    expect((await create('Fourth')).json().data.serial).toBe(3);
    expect((await call('POST', 'search', other, { model: 'patent' })).json().data).toEqual([]);
  });
});
