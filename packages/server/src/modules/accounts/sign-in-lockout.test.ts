// Lockout without denial of service (issue 15 #3): failures count per account and address; a
// stranger's guesses lock only their address, with locks doubling; the account-wide lock needs four
// times as many and never shuts out an address the account signed in from; administrators see and
// clear locks, and zh-CN callers read the lock's end in Chinese. Runs on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  createAccountsTestApp,
  createTenant,
  createUser,
  grantRole,
  seal,
  signIn,
  type AccountsTestApp,
  type TestTenant,
} from '../../../test/accounts.js';
import { onPostgres } from '../../../test/database.js';
import { sourceOf } from './login-throttle.js';

const WRONG = 'Wrong#Pass1';
const OWNER_ADDRESS = '198.51.100.7';
const ATTACKER = '203.0.113.66';

describe('the address failures are counted under', () => {
  it.each([
    ['203.0.113.66', '203.0.113.66'],
    ['::ffff:203.0.113.66', '203.0.113.66'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s → %s', (ip, source) => expect(sourceOf(ip)).toBe(source));
});

describe(`sign-in lockout per account and address (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
  });
  afterAll(() => t.close());

  const attempt = (account: string, password: string, from: string, language = 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/passport/login',
      remoteAddress: from,
      headers: { 'x-language': language },
      payload: { account, password: seal(t.app, password) },
    });

  it("locks only the guesser's address: the owner elsewhere still signs in", async () => {
    const user = await createUser(t, tenant);
    for (let i = 0; i < 4; i++) expect((await attempt(user.account, WRONG, ATTACKER)).json().code).toBe(400102);
    expect((await attempt(user.account, WRONG, ATTACKER)).json().code).toBe(30116);
    expect((await attempt(user.account, user.password, ATTACKER)).json().code).toBe(30116);
    expect((await attempt(user.account, user.password, OWNER_ADDRESS)).statusCode).toBe(200);
  });

  it('counts an IPv6 network (/64) as one address', async () => {
    const user = await createUser(t, tenant);
    for (let i = 1; i <= 4; i++) await attempt(user.account, WRONG, `2001:db8:66:1::${i}`);
    expect((await attempt(user.account, WRONG, '2001:db8:66:1::ffff')).json().code).toBe(30116);
    expect((await attempt(user.account, user.password, '2001:db8:66:1::abcd')).json().code).toBe(30116);
    expect((await attempt(user.account, user.password, '2001:db8:66:2::1')).statusCode).toBe(200);
  });

  it('doubles each further lock of an address, and forgets the doubling after 12 quiet hours', async () => {
    const user = await createUser(t, tenant);
    const lockOnce = async () => {
      for (let i = 0; i < 4; i++) await attempt(user.account, WRONG, ATTACKER);
      return (await attempt(user.account, WRONG, ATTACKER)).json();
    };
    expect((await lockOnce()).code).toBe(30116); // 15 minutes
    t.clock.advanceMinutes(16);
    expect((await lockOnce()).code).toBe(30116); // now 30 minutes
    t.clock.advanceMinutes(16);
    expect((await attempt(user.account, user.password, ATTACKER)).json().code).toBe(30116);
    t.clock.advanceMinutes(15);
    expect((await attempt(user.account, WRONG, ATTACKER)).json().code).toBe(400102);
    t.clock.advanceMinutes(13 * 60);
    expect((await lockOnce()).code).toBe(30116); // 15 minutes again
    t.clock.advanceMinutes(16);
    expect((await attempt(user.account, user.password, ATTACKER)).statusCode).toBe(200);
  });

  it('locks the account for every address past 4× the threshold, except addresses it signed in from', async () => {
    const user = await createUser(t, tenant);
    expect((await attempt(user.account, user.password, OWNER_ADDRESS)).statusCode).toBe(200);
    // 20 failures from five addresses, four each: no address reaches its own threshold.
    const codes: number[] = [];
    for (let a = 1; a <= 5; a++)
      for (let i = 0; i < 4; i++) codes.push((await attempt(user.account, WRONG, `192.0.2.${a}`)).json().code);
    expect(codes.slice(0, 19).every((code) => code === 400102)).toBe(true);
    expect(codes[19]).toBe(30116);
    // A sixth, fresh address is refused even with the right password; the owner's address is not.
    expect((await attempt(user.account, user.password, '192.0.2.99')).json().code).toBe(30116);
    expect((await attempt(user.account, user.password, OWNER_ADDRESS)).statusCode).toBe(200);
    t.clock.advanceMinutes(16);
    expect((await attempt(user.account, user.password, '192.0.2.99')).statusCode).toBe(200);
  });

  it('forgets a known address after 30 days', async () => {
    const user = await createUser(t, tenant);
    expect((await attempt(user.account, user.password, OWNER_ADDRESS)).statusCode).toBe(200);
    t.clock.advanceMinutes(31 * 24 * 60);
    for (let a = 1; a <= 5; a++) for (let i = 0; i < 4; i++) await attempt(user.account, WRONG, `192.0.2.${a}`);
    expect((await attempt(user.account, user.password, OWNER_ADDRESS)).json().code).toBe(30116);
  });

  it('tells a zh-CN caller the end of the lock in Chinese, local time', async () => {
    const user = await createUser(t, tenant);
    for (let i = 0; i < 4; i++) await attempt(user.account, WRONG, ATTACKER, 'zh-CN');
    const locked = (await attempt(user.account, WRONG, ATTACKER, 'zh-CN')).json();
    const until = new Date(t.clock.now.getTime() + 15 * 60_000);
    const local = new Intl.DateTimeFormat('zh-CN', {
      timeZone: 'Asia/Shanghai',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(until);
    expect(locked.message).toMatch(
      /^账号已锁定，请于 \d{4}年\d{1,2}月\d{1,2}日 \d\d:\d\d \(GMT\+8\) 后再试或联系管理员$/,
    );
    expect(locked.message).toContain(local);
    expect(locked.message).not.toMatch(/\d{4}-\d\d-\d\dT/);
  });

  it('shows an administrator the locks, and unlock clears every address and the account', async () => {
    const admin = await createUser(t, tenant, { isTenantAdmin: true });
    const user = await createUser(t, tenant);
    for (let i = 0; i < 5; i++) await attempt(user.account, WRONG, ATTACKER);
    await attempt(user.account, WRONG, '192.0.2.200');
    const adminSession = await signIn(t.app, admin.account, admin.password);
    const state = await t.app.inject({
      method: 'GET',
      url: `/webapi/model/user_info/do/lock_state?sid=${user.sid}`,
      headers: authed(adminSession),
    });
    expect(state.statusCode).toBe(200);
    expect(state.json().data).toEqual({
      locked: true,
      account_locked_until: null,
      account_failures: 6,
      addresses: [
        { address: ATTACKER, failures: 0, locked_until: new Date(t.clock.now.getTime() + 15 * 60_000).toISOString() },
        { address: '192.0.2.200', failures: 1, locked_until: null },
      ],
    });
    const unlock = await t.app.inject({
      method: 'GET',
      url: `/webapi/model/user_info/do/unlock?sid=${user.sid}`,
      headers: authed(adminSession),
    });
    expect(unlock.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: `/webapi/model/user_info/do/lock_state?sid=${user.sid}`,
      headers: authed(adminSession),
    });
    expect(after.json().data).toEqual({
      locked: false,
      account_locked_until: null,
      account_failures: 0,
      addresses: [],
    });
    expect((await attempt(user.account, user.password, ATTACKER)).statusCode).toBe(200);
  });

  it('lets agent:account holders manage agency accounts only, and refuses bad input', async () => {
    // agent:account is an enterprise-side resource: the agency's staff do not manage their own accounts.
    const agencyAdmin = await createUser(t, tenant);
    await grantRole(t, tenant, [agencyAdmin.sid], { resources: ['agent:account'] });
    const agentUser = await createUser(t, tenant, { side: 2 });
    const enterpriseUser = await createUser(t, tenant);
    const session = await signIn(t.app, agencyAdmin.account, agencyAdmin.password);
    const lockStateOf = (sid: string) =>
      t.app.inject({
        method: 'GET',
        url: `/webapi/model/user_info/do/lock_state?sid=${sid}`,
        headers: authed(session),
      });
    expect((await lockStateOf(agentUser.sid)).statusCode).toBe(200);
    expect((await lockStateOf(enterpriseUser.sid)).json().code).toBe(403301);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/webapi/model/user_info/do/lock_state?sid=not-a-sid',
      headers: authed(session),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(500001);
    const stranger = await createUser(t, await createTenant(t), { side: 2 });
    expect((await lockStateOf(stranger.sid)).statusCode).toBe(404);
  });
});
