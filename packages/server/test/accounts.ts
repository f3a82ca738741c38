// Helpers for account tests: an app with a movable clock, a tenant with companies and users, the
// client's side of the password envelope, and sign-in.
import { constants, publicEncrypt } from 'node:crypto';
import {
  ENVELOPE_SEPARATOR,
  grantable,
  newSid,
  oaepCapacity,
  splitForEnvelope,
  type DataScope,
  type FieldAccess,
} from '@ipdesk/core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createUserAccount, type NewUserAccount } from '../src/modules/accounts/provision.js';
import { createTenant as createTenantCommand } from '../src/modules/tenants/create-tenant.js';
import type { ServerDomain } from '../src/domains/index.js';
import type { ModelRegistry } from '../src/platform/models/registry.js';
import { createTestApp, type TestApp } from './app.js';

export interface AccountsTestApp extends TestApp {
  clock: { now: Date; advanceMinutes(minutes: number): void };
}

export async function createAccountsTestApp(
  env: Record<string, string> = {},
  registry?: ModelRegistry,
  domains?: readonly ServerDomain[],
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
    domains,
  );
  return { ...t, clock };
}

export interface TestTenant {
  sid: string;
  rootCompany: string;
  subCompany: string;
  /** The first administrator every tenant is created with (its password must be changed at first sign-in). */
  admin: { sid: string; account: string; password: string };
}

/**
 * A tenant made by the product's own tenant command (modules/tenants/create-tenant.ts, as the operator
 * command and API make one): default roles and a first administrator included, plus one sub-company.
 * Names carry the code (tenant names are unique); the root company keeps the name tests expect.
 */
export async function createTenant(t: TestApp, code = `t${newSid().toLowerCase().slice(0, 8)}`): Promise<TestTenant> {
  const created = await createTenantCommand(
    t.database.db,
    {
      code,
      nameZh: `测试院 ${code}`,
      nameEn: `Test Institute ${code}`,
      companyName: '测试院',
      subCompanies: ['测试院 · 分所'],
      admin: { account: `adm${newSid().toLowerCase()}` },
    },
    { at: t.app.accounts.now() },
  );
  return { sid: created.sid, rootCompany: created.sid, subCompany: created.subCompanies[0]!, admin: created.admin };
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

export interface TestRole {
  /** Resource codes, or 'all' for every resource a role of the platform may hold. */
  resources?: string[] | 'all';
  platform?: 1 | 2;
  dataScope?: DataScope;
  dataDepartments?: string[];
  showSensitive?: boolean;
  fieldRules?: Array<{ model: string; field: string; access: FieldAccess }>;
  modelScopes?: Array<{ model: string; scope: DataScope; departments?: string[] }>;
}

/** Creates a role with these permissions in the tenant and gives it to the users (SQL, as a fixture). */
export async function grantRole(
  t: TestApp,
  tenant: { sid: string },
  userSids: string[],
  role: TestRole = {},
): Promise<string> {
  const db = t.database.db;
  const sid = newSid();
  const platform = role.platform ?? 1;
  await db.query(
    `INSERT INTO role (sid, tenant_sid, code, name, platform, show_sensitive, data_scope, data_departments)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      sid,
      tenant.sid,
      `r${sid.toLowerCase()}`,
      `role ${sid}`,
      platform,
      role.showSensitive ?? false,
      role.dataScope ?? 'all',
      role.dataDepartments ?? [],
    ],
  );
  const catalog = t.app.registry.resources;
  const codes =
    role.resources === undefined || role.resources === 'all'
      ? catalog.all.filter((r) => grantable(r, platform)).map((r) => r.code)
      : role.resources;
  for (const code of codes)
    await db.query('INSERT INTO role_resource (role_sid, resource_code) VALUES ($1, $2)', [sid, code]);
  for (const rule of role.fieldRules ?? [])
    await db.query('INSERT INTO role_field_rule (role_sid, model, field, access) VALUES ($1, $2, $3, $4)', [
      sid,
      rule.model,
      rule.field,
      rule.access,
    ]);
  for (const scope of role.modelScopes ?? [])
    await db.query('INSERT INTO role_data_scope (role_sid, model, scope, department_sids) VALUES ($1, $2, $3, $4)', [
      sid,
      scope.model,
      scope.scope,
      scope.departments ?? [],
    ]);
  for (const user of userSids)
    await db.query('INSERT INTO user_role (user_sid, role_sid) VALUES ($1, $2)', [user, sid]);
  await db.query('UPDATE tenant SET access_version = access_version + 1 WHERE sid = $1', [tenant.sid]);
  return sid;
}
