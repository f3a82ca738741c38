// Tokens and sessions: refresh rotation and reuse detection, idle and maximum age, logout, tampered
// tokens, the one-side-per-browser rule (412), and the sub-company header.
import { generateKeyPairSync } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  createAccountsTestApp,
  createTenant,
  createUser,
  loginRequest,
  signIn,
  type AccountsTestApp,
  type TestTenant,
} from '../../../test/accounts.js';
import { onPostgres } from '../../../test/database.js';

const me = '/webapi/model/user_info/do/my?flat=1';

describe(`sessions and tokens (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
  });
  afterAll(() => t.close());

  const refresh = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/passport/refresh_token',
      headers: { 'x-language': 'en' },
      payload: { token },
    });
  const callMe = (authorization: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: me, headers: authed({ authorization }, headers) });

  it('rotates refresh tokens and revokes the session when an old one is used again', async () => {
    const user = await createUser(t, tenant);
    const session = await signIn(t.app, user.account, user.password);
    const first = await refresh(session.refreshToken);
    expect(first.statusCode).toBe(200);
    const rotated = first.json();
    expect(rotated.refresh_token).not.toBe(session.refreshToken);
    expect((await callMe(rotated.authorization)).statusCode).toBe(200);

    const replay = await refresh(session.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe(30404);
    // The whole family is gone: the newest refresh token and the access token too.
    expect((await refresh(rotated.refresh_token)).json().code).toBe(30409);
    expect((await callMe(rotated.authorization)).json().code).toBe(30409);
    const audit = await t.database.db.query(
      "SELECT 1 FROM audit_log WHERE action = 'session.refresh_token_reused' AND actor_sid = $1",
      [user.sid],
    );
    expect(audit).toHaveLength(1);
  });

  it('accepts the spec form GET refresh_token?token= too', async () => {
    const user = await createUser(t, tenant);
    const session = await signIn(t.app, user.account, user.password);
    const res = await t.app.inject({
      method: 'GET',
      url: `/passport/refresh_token?token=${encodeURIComponent(session.refreshToken)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(t.logs.join('\n')).not.toContain(session.refreshToken);
  });

  it('ends a session idle for 30 minutes (30405) and one older than 12 hours', async () => {
    const user = await createUser(t, tenant);
    const idle = await signIn(t.app, user.account, user.password);
    t.clock.advanceMinutes(31);
    expect((await refresh(idle.refreshToken)).json().code).toBe(30405);

    // Kept busy (a refresh every 25 minutes), a session still ends at 12 hours.
    let current = (await signIn(t.app, user.account, user.password)).refreshToken;
    for (let elapsed = 25; elapsed < 12 * 60; elapsed += 25) {
      t.clock.advanceMinutes(25);
      const res = await refresh(current);
      expect(res.statusCode, `after ${elapsed} minutes`).toBe(200);
      current = res.json().refresh_token;
    }
    t.clock.advanceMinutes(25);
    expect((await refresh(current)).json().code).toBe(30405);
  });

  it('expires access tokens after 15 minutes (30405) while the session lives on', async () => {
    const user = await createUser(t, tenant);
    const session = await signIn(t.app, user.account, user.password);
    // Used once first: a token already verified is remembered, and must still expire.
    expect((await callMe(session.authorization)).statusCode).toBe(200);
    t.clock.advanceMinutes(14);
    expect((await callMe(session.authorization)).statusCode).toBe(200);
    t.clock.advanceMinutes(2);
    const res = await callMe(session.authorization);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(30405);
  });

  it('logout revokes the session: its tokens answer 30409 and the side cookie is cleared', async () => {
    const user = await createUser(t, tenant);
    const session = await signIn(t.app, user.account, user.password);
    const out = await t.app.inject({
      method: 'POST',
      url: '/passport/logout',
      headers: authed(session, { cookie: session.cookie }),
    });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/ipdesk_side=;/);
    expect((await callMe(session.authorization)).json().code).toBe(30409);
    expect((await refresh(session.refreshToken)).json().code).toBe(30409);
    expect((await t.app.inject({ method: 'POST', url: '/passport/logout' })).statusCode).toBe(401);
  });

  it('lists own sessions and ends one of them (model/token/do/delete)', async () => {
    const user = await createUser(t, tenant);
    const a = await signIn(t.app, user.account, user.password);
    const b = await signIn(t.app, user.account, user.password);
    const list = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/token/do/search',
      headers: authed(a),
      payload: {},
    });
    expect(list.json().data).toHaveLength(2);
    const others = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/token/do/delete',
      headers: authed(a),
      payload: { others: true },
    });
    expect(others.json().ended).toBe(1);
    expect((await callMe(b.authorization)).json().code).toBe(30409);
    expect((await callMe(a.authorization)).statusCode).toBe(200);
    const stranger = await createUser(t, tenant);
    const s = await signIn(t.app, stranger.account, stranger.password);
    const [row] = await t.database.db.query<{ sid: string }>(
      'SELECT sid FROM auth_session WHERE user_sid = $1 AND revoked_at IS NULL',
      [user.sid],
    );
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/token/do/delete',
      headers: authed(s),
      payload: { sid: row!.sid },
    });
    expect(foreign.statusCode).toBe(404);
  });

  describe('tampered or forged access tokens', () => {
    let valid: string;
    let userSid: string;
    beforeAll(async () => {
      const user = await createUser(t, tenant);
      userSid = user.sid;
      valid = (await signIn(t.app, user.account, user.password)).authorization;
    });
    const payloadOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

    it('refuses a missing token with 401000', async () => {
      const res = await t.app.inject({ method: 'GET', url: me });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(401000);
    });

    it.each([
      ['garbage', () => 'not-a-token'],
      ['alg none', () => new UnsecuredJWT(payloadOf(valid)).encode()],
      [
        'an edited payload',
        () => {
          const [h, , s] = valid.split('.');
          const edited = Buffer.from(JSON.stringify({ ...payloadOf(valid), sub: 'AAAAAAAAAAAAAAAA' })).toString(
            'base64url',
          );
          return `${h}.${edited}.${s}`;
        },
      ],
      [
        'another signing key',
        () =>
          new SignJWT(payloadOf(valid))
            .setProtectedHeader({ alg: 'HS256' })
            .sign(new TextEncoder().encode('x'.repeat(43))),
      ],
      [
        'RS256 instead of HS256',
        () => {
          const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
          return new SignJWT(payloadOf(valid)).setProtectedHeader({ alg: 'RS256' }).sign(privateKey);
        },
      ],
      [
        'a wrong audience',
        () =>
          new SignJWT({ ...payloadOf(valid), aud: 'someone-else' })
            .setProtectedHeader({ alg: 'HS256' })
            .sign(new TextEncoder().encode('y'.repeat(43))),
      ],
    ])('refuses %s with 30404', async (_name, forge) => {
      const token = await forge();
      const res = await callMe(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(30404);
    });

    it('accepts the same token untampered (the refusals above are not a broken setup)', async () => {
      expect(payloadOf(valid).sub).toBe(userSid);
      expect((await callMe(valid)).statusCode).toBe(200);
    });
  });

  describe('one side per browser (412)', () => {
    it('refuses an agency sign-in while an enterprise session is active in the browser, until it signs out', async () => {
      const enterprise = await createUser(t, tenant, { side: 1 });
      const agent = await createUser(t, tenant, { side: 2 });
      const first = await signIn(t.app, enterprise.account, enterprise.password);
      const conflict = await loginRequest(t.app, agent.account, agent.password, { cookie: first.cookie });
      expect(conflict.statusCode).toBe(412);
      expect(conflict.json().code).toBe(412000);
      // The same side may sign in again in this browser.
      expect(
        (await loginRequest(t.app, enterprise.account, enterprise.password, { cookie: first.cookie })).statusCode,
      ).toBe(200);
      const agentSession = await signIn(t.app, agent.account, agent.password); // another browser: no cookie
      expect((await callMe(agentSession.authorization, { cookie: first.cookie })).statusCode).toBe(412);
      await t.app.inject({ method: 'POST', url: '/passport/logout', headers: authed(first, { cookie: first.cookie }) });
      expect((await loginRequest(t.app, agent.account, agent.password, { cookie: first.cookie })).statusCode).toBe(200);
    });
  });

  describe('sub-company header', () => {
    it('accepts the user’s own companies, all and root, and refuses others with 403102', async () => {
      const user = await createUser(t, tenant, { companies: [tenant.rootCompany] });
      const session = await signIn(t.app, user.account, user.password);
      expect(
        (await callMe(session.authorization, { 'x-sub-company-sid': tenant.rootCompany })).json().data.company_sid,
      ).toBe(tenant.rootCompany);
      expect((await callMe(session.authorization, { 'x-sub-company-sid': 'all' })).statusCode).toBe(200);
      expect((await callMe(session.authorization, { 'x-sub-company-sid': 'root' })).statusCode).toBe(200);
      const notMine = await callMe(session.authorization, { 'x-sub-company-sid': tenant.subCompany });
      expect(notMine.statusCode).toBe(403);
      expect(notMine.json()).toMatchObject({ code: 403102, message: 'You do not belong to the selected company' });
      const other = await createTenant(t);
      expect((await callMe(session.authorization, { 'x-sub-company-sid': other.rootCompany })).json().code).toBe(
        403102,
      );
    });

    it('stores the chosen company as the next default', async () => {
      const user = await createUser(t, tenant, { companies: [tenant.rootCompany, tenant.subCompany] });
      const session = await signIn(t.app, user.account, user.password);
      const choose = (company_sid: string) =>
        t.app.inject({
          method: 'POST',
          url: '/webapi/model/user_info/do/choose_company',
          headers: authed(session),
          payload: { company_sid },
        });
      expect((await choose(tenant.subCompany)).statusCode).toBe(200);
      const again = await signIn(t.app, user.account, user.password);
      const companys = again.body.companys as Array<{ sid: string; last_login_flag: boolean }>;
      expect(companys.find((c) => c.last_login_flag)?.sid).toBe(tenant.subCompany);
      const other = await createTenant(t);
      expect((await choose(other.rootCompany)).json().code).toBe(403102);
    });
  });
});
