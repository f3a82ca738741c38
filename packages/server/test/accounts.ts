// Helpers for account tests: an app with a movable clock, a tenant with companies and users, the
// client's side of the password envelope, and sign-in.
import { constants, publicEncrypt } from 'node:crypto';
import { newSid, oaepCapacity, splitForEnvelope, ENVELOPE_SEPARATOR } from '@ipdesk/core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createCompany, createUserAccount, type NewUserAccount } from '../src/modules/accounts/provision.js';
import type { ModelRegistry } from '../src/modules/models/registry.js';
import { createTestApp, type TestApp } from './app.js';

export interface AccountsTestApp extends TestApp {
  clock: { now: Date; advanceMinutes(minutes: number): void };
}

export async function createAccountsTestApp(
  env: Record<string, string> = {},
  registry?: ModelRegistry,
): Promise<AccountsTestApp> {
  const clock = {
    now: new Date('2026-11-21T08:00:00Z'),
    advanceMinutes(minutes: number) {
      this.now = new Date(this.now.getTime() + minutes * 60_000);
    },
  };
  // Tests sign in far more often than a person; the rate limits have tests of their own.
  const t = await createTestApp(
    { LOGIN_RATE_LIMIT: '10000', RESET_RATE_LIMIT: '10000', ...env },
    () => clock.now,
    registry,
  );
  return { ...t, clock };
}

export interface TestTenant {
  sid: string;
  rootCompany: string;
  subCompany: string;
}

export async function createTenant(t: TestApp, code = `t${newSid().toLowerCase().slice(0, 8)}`): Promise<TestTenant> {
  const sid = newSid();
  const db = t.database.db;
  await db.query('INSERT INTO tenant (sid, code, name_zh, name_en) VALUES ($1, $2, $3, $4)', [
    sid,
    code,
    '测试院',
    'Test Institute',
  ]);
  await createCompany(db, { tenantSid: sid, sid, name: '测试院' });
  const sub = await createCompany(db, { tenantSid: sid, parentSid: sid, name: '测试院 · 分所' });
  return { sid, rootCompany: sid, subCompany: sub.sid };
}

export const GOOD_PASSWORD = 'Patent#2026a';

export async function createUser(t: TestApp, tenant: TestTenant, overrides: Partial<NewUserAccount> = {}) {
  const account = overrides.account ?? `u${newSid().toLowerCase().slice(0, 10)}`;
  const password = overrides.password ?? GOOD_PASSWORD;
  const { sid } = await createUserAccount(t.database.db, {
    tenantSid: tenant.sid,
    account,
    password,
    name: '张三',
    email: `${account}@example.com`,
    ...overrides,
  });
  return { sid, account, password, email: overrides.email ?? `${account}@example.com` };
}

/** What the web client does: split, encrypt each chunk with RSA-OAEP/SHA-256, base64, join. */
export function seal(app: FastifyInstance, password: string): string {
  const { publicKeyPem, modulusBits } = app.accounts.envelope;
  return splitForEnvelope(password, oaepCapacity(modulusBits))
    .map((chunk) =>
      publicEncrypt(
        { key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(chunk, 'utf8'),
      ).toString('base64'),
    )
    .join(ENVELOPE_SEPARATOR);
}

export function loginRequest(
  app: FastifyInstance,
  account: string,
  password: string,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/passport/login',
    headers: { 'x-language': 'en', ...headers },
    payload: { account, password: seal(app, password) },
  });
}

export interface SignedIn {
  authorization: string;
  refreshToken: string;
  cookie: string;
  body: Record<string, unknown>;
}

export async function signIn(app: FastifyInstance, account: string, password: string): Promise<SignedIn> {
  const res = await loginRequest(app, account, password);
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return { authorization: body.authorization, refreshToken: body.refresh_token, cookie: cookieOf(res), body };
}

export function cookieOf(res: LightMyRequestResponse): string {
  const setCookie = res.headers['set-cookie'];
  const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  return first ? first.split(';')[0]! : '';
}

export function authed(session: { authorization: string }, headers: Record<string, string> = {}) {
  return { authorization: `Bearer ${session.authorization}`, 'x-language': 'en', ...headers };
}
