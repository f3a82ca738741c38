// changeAvatar called directly: the image stored as the tenant's avatar file, the account pointing at it with
// its version bumped at the request's moment, one audit entry under the request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccountsTestApp,
  createTenant,
  createUser,
  type AccountsTestApp,
  type TestTenant,
} from '../../../test/accounts.js';
import { adminContext } from '../../../test/context.js';
import { onPostgres } from '../../../test/database.js';
import { fileStore } from '../../platform/files/file-store.js';
import { changeAvatar } from './change-avatar.js';

// The 8-byte PNG signature and an IHDR start: enough for a stored file (the route sniffs the type first).
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe(`changeAvatar (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
  });
  afterAll(() => t.close());

  it('stores the image, points the account at it and audits', async () => {
    const user = await createUser(t, tenant);
    const ctx = adminContext(t, tenant, { userSid: user.sid });
    const files = fileStore(t.app.accounts.config.dataDir);
    const { avatarSid } = await changeAvatar({ accounts: t.app.accounts, files }, ctx, {
      bytes: PNG,
      mediaType: 'image/png',
    });
    const [account] = await t.database.db.query<{ avatar_sid: string; version: number; updated_at: Date }>(
      'SELECT avatar_sid, version, updated_at FROM user_account WHERE sid = $1',
      [user.sid],
    );
    expect(account).toEqual({ avatar_sid: avatarSid, version: 2, updated_at: ctx.now });
    const stored = await files.read(t.database.db, tenant.sid, avatarSid, 'avatar');
    expect(stored?.bytes.equals(PNG)).toBe(true);
    expect(
      await t.database.db.query('SELECT actor_sid, action, target FROM audit_log WHERE request_id = $1', [
        ctx.requestId,
      ]),
    ).toEqual([{ actor_sid: user.sid, action: 'user.avatar_changed', target: avatarSid }]);
  });
});
