// Lost updates on the tenant's mail and sign-in settings: answers carry `updated_at`, a save that sends
// back a time read before another save is refused (409000) and changes nothing; a first save is checked
// against "nothing saved yet"; a save without the time it read is refused. Runs on PGlite and PostgreSQL.
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

const MAIL = {
  host: '127.0.0.1',
  port: 587,
  secure: false,
  username: 'mailer',
  from_address: 'ip@example.com',
};
const SECURITY = {
  password_policy: 'strict',
  password_history_count: 3,
  password_expiry_days: 90,
  lockout_threshold: 5,
  lockout_window_minutes: 15,
  lockout_minutes: 30,
};

describe(`tenant settings: no lost updates (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    // Mail hosts must resolve and be public unless the operator allows internal ones: this machine has no
    // DNS, so the settings name loopback addresses, allowed here.
    t = await createAccountsTestApp({ SMTP_ALLOW_INTERNAL_HOSTS: 'true' });
    const tenant = await createTenant(t);
    const a = await createUser(t, tenant, { isTenantAdmin: true });
    admin = await signIn(t.app, a.account, a.password);
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/webapi${url}`, headers: authed(admin) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const save = (url: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/webapi${url}`,
      headers: authed(admin, { 'x-language': 'en' }),
      payload,
    });

  it.each([
    ['mail', '/setting/tenant/mail', MAIL, { host: '127.0.0.2' }, 'host'],
    ['security', '/setting/tenant/security', SECURITY, { lockout_threshold: 9 }, 'lockout_threshold'],
  ] as const)(
    '%s: refuses a save over one made since the read, keeps that one',
    async (_, url, base, change, field) => {
      const first = await get(url);
      const readAt = first?.updated_at ?? null;
      expect(readAt).toBeNull(); // nothing saved yet
      // Administrator A saves over "nothing saved yet".
      t.clock.advanceMinutes(1);
      const a = await save(`${url}/do/update`, { ...base, updated_at: readAt });
      expect(a.statusCode, a.body).toBe(200);
      const afterA = await get(url);
      expect(afterA.updated_at).toBe(t.clock.now.toISOString());
      // Administrator B read before A saved: refused, A's save stays.
      t.clock.advanceMinutes(1);
      const b = await save(`${url}/do/update`, { ...base, ...change, updated_at: readAt });
      expect(b.statusCode).toBe(409);
      expect(b.json().code).toBe(409000);
      expect(b.json().message).toBe('Someone else changed this data; please refresh and retry');
      const kept = await get(url);
      expect(kept[field]).toBe((base as Record<string, unknown>)[field]);
      expect(kept.updated_at).toBe(afterA.updated_at);
      // With the time it read after A's save, B's save goes through and moves the time on.
      const again = await save(`${url}/do/update`, { ...base, ...change, updated_at: afterA.updated_at });
      expect(again.statusCode, again.body).toBe(200);
      const latest = await get(url);
      expect(latest[field]).toBe((change as Record<string, unknown>)[field]);
      expect(latest.updated_at).not.toBe(afterA.updated_at);
      // A stale time again: refused.
      expect((await save(`${url}/do/update`, { ...base, updated_at: afterA.updated_at })).json().code).toBe(409000);
      // Not a time: a validation error naming the field.
      const bad = await save(`${url}/do/update`, { ...base, updated_at: 'yesterday' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields[0].field).toBe('updated_at');
      // An ISO shape the database has no time for (year 0000): a 400 too, never the database's error.
      const yearZero = await save(`${url}/do/update`, { ...base, updated_at: '0000-01-01T00:00:00Z' });
      expect(yearZero.statusCode).toBe(400);
      expect(yearZero.json().fields[0].field).toBe('updated_at');
      // Without the time it read: refused too (a save never silently overwrites), nothing changed.
      const blind = await save(`${url}/do/update`, { ...base, ...change });
      expect(blind.statusCode).toBe(400);
      expect(blind.json().fields[0].field).toBe('updated_at');
      expect((await get(url)).updated_at).toBe(latest.updated_at);
    },
  );
});
