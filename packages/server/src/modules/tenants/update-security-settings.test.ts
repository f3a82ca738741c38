// The sign-in rules commands called directly: defaults until saved, a save read back and audited with the
// rules it set, a save against a stale read refused (409000).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, createTenant, type AccountsTestApp, type TestTenant } from '../../../test/accounts.js';
import { adminContext } from '../../../test/context.js';
import { onPostgres } from '../../../test/database.js';
import { readSecuritySettings, type SecuritySettings } from './read-security-settings.js';
import { updateSecuritySettings } from './update-security-settings.js';

const RULES: SecuritySettings = {
  password_policy: 'strict',
  password_history_count: 3,
  password_expiry_days: 90,
  lockout_threshold: 5,
  lockout_window_minutes: 15,
  lockout_minutes: 30,
};

describe(`updateSecuritySettings (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
  });
  afterAll(() => t.close());

  it('reads the defaults, saves, reads back and audits', async () => {
    const ctx = adminContext(t, tenant);
    expect((await readSecuritySettings(t.app.accounts, ctx)).updated_at).toBeNull();
    await updateSecuritySettings(t.app.accounts, ctx, { ...RULES, updated_at: null });
    expect(await readSecuritySettings(t.app.accounts, ctx)).toEqual({ ...RULES, updated_at: ctx.now });
    const audits = await t.database.db.query<{ action: string; detail: object }>(
      'SELECT action, detail FROM audit_log WHERE request_id = $1',
      [ctx.requestId],
    );
    expect(audits).toEqual([{ action: 'tenant.security_updated', detail: RULES }]);
  });

  it('refuses a save against a stale read', async () => {
    const ctx = adminContext(t, tenant);
    await expect(
      updateSecuritySettings(t.app.accounts, ctx, { ...RULES, lockout_threshold: 9, updated_at: null }),
    ).rejects.toMatchObject({ name: 'AppError', definition: { code: 409000 } });
    expect((await readSecuritySettings(t.app.accounts, ctx)).lockout_threshold).toBe(RULES.lockout_threshold);
  });
});
