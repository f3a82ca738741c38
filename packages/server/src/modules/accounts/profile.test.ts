// Own profile with optimistic concurrency and audit, other users' views, personal settings, avatar
// uploads checked by content, and the account service's views.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  createAccountsTestApp,
  createTenant,
  createUser,
  signIn,
  type AccountsTestApp,
  type SignedIn,
  type TestTenant,
} from '../../../test/accounts.js';
import { onPostgres } from '../../../test/database.js';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000200a0c2d46b0000000049454e44ae426082',
  'hex',
);

function multipart(filename: string, contentType: string, bytes: Buffer) {
  const boundary = '----ipdesk-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe(`profile, settings and avatar (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  let user: Awaited<ReturnType<typeof createUser>>;
  let session: SignedIn;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
    user = await createUser(t, tenant);
    session = await signIn(t.app, user.account, user.password);
  });
  afterAll(() => t.close());

  const my = async () =>
    (
      await t.app.inject({ method: 'GET', url: '/webapi/model/user_info/do/my?flat=1', headers: authed(session) })
    ).json().data;
  const update = (payload: object, url = '/webapi/model/user_info/do/update') =>
    t.app.inject({ method: 'POST', url, headers: authed(session), payload });

  it('updates the own profile with the version read, audits the change, and refuses a stale version (409000)', async () => {
    const before = await my();
    const res = await update({ name: '李四', mobile: '13800138000', version: before.version });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: '李四', mobile: '13800138000', version: before.version + 1 });
    const stale = await update({ name: '王五', version: before.version }, '/webapi/aggr/user_info/do/update');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe(409000);
    expect((await my()).name).toBe('李四');
    const [audit] = await t.database.db.query<{ detail: Record<string, unknown> }>(
      "SELECT detail FROM audit_log WHERE action = 'user.profile_updated' AND actor_sid = $1",
      [user.sid],
    );
    expect(audit?.detail).toEqual({
      name: { before: '张三', after: '李四' },
      mobile: { before: null, after: '13800138000' },
    });
  });

  it.each([
    [{ mobile: '12345', version: 1 }, 'Mobile: has an invalid format'],
    [{ email: 'nope', version: 1 }, 'E-mail: has an invalid format'],
    [{ name: '', version: 1 }, 'Name: must be at least 1 characters'],
    [{ name: 'x' }, 'Version: is required'],
    [{ version: 1, status: 0 }, 'Request body: contains fields that are not allowed: status'],
    [{ version: 1, is_tenant_admin: true }, 'Request body: contains fields that are not allowed: is_tenant_admin'],
  ])('refuses %j', async (payload, message) => {
    const res = await update(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('shows a user only to themselves or an administrator; others of the tenant see the basics; other tenants nothing', async () => {
    const colleague = await createUser(t, tenant);
    const admin = await createUser(t, tenant, { isTenantAdmin: true });
    const adminSession = await signIn(t.app, admin.account, admin.password);
    const get = (url: string, s: SignedIn = session) => t.app.inject({ method: 'GET', url, headers: authed(s) });
    expect((await get(`/webapi/model/user_info/${user.sid}?flat=1`)).statusCode).toBe(200);
    expect((await get(`/webapi/model/user_info/${colleague.sid}?flat=1`)).statusCode).toBe(404);
    expect((await get(`/webapi/model/user_info/${colleague.sid}`, adminSession)).json().data.account).toBe(
      colleague.account,
    );
    expect((await get(`/webapi/model/user_info/basic/${colleague.sid}`)).json().data).toEqual({
      sid: colleague.sid,
      name: '张三',
      english_name: null,
      avatar_sid: null,
    });
    const other = await createTenant(t);
    const stranger = await createUser(t, other);
    expect((await get(`/webapi/model/user_info/basic/${stranger.sid}`)).statusCode).toBe(404);
    expect((await get(`/webapi/model/user_info/${stranger.sid}`, adminSession)).statusCode).toBe(404);
    expect((await get('/webapi/model/user_info/not-a-sid')).json().code).toBe(500001);
  });

  it('keeps personal settings per user', async () => {
    const write = await t.app.inject({
      method: 'POST',
      url: '/webapi/setting/user/do/update',
      headers: authed(session),
      payload: { key: 'table.patent.columns', value: ['title', 'sn'] },
    });
    expect(write.statusCode).toBe(200);
    const read = await t.app.inject({
      method: 'GET',
      url: '/webapi/setting/user/table.patent.columns/setting',
      headers: authed(session),
    });
    expect(read.json().record).toEqual(['title', 'sn']);
    const other = await createUser(t, tenant);
    const otherSession = await signIn(t.app, other.account, other.password);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/webapi/setting/user/table.patent.columns/setting',
          headers: authed(otherSession),
        })
      ).json().record,
    ).toBeNull();
    const badKey = await t.app.inject({
      method: 'POST',
      url: '/webapi/setting/user/do/update',
      headers: authed(session),
      payload: { key: '../x', value: 1 },
    });
    expect(badKey.json().code).toBe(500001);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/webapi/setting/user/do/update',
      headers: authed(session),
      payload: { key: 'big', value: 'x'.repeat(70_000) },
    });
    expect(huge.json().code).toBe(500001);
  });

  it('takes a PNG avatar, serves it back to the tenant only, and refuses what is not an image by content', async () => {
    const upload = (filename: string, type: string, bytes: Buffer) =>
      t.app.inject({
        method: 'POST',
        url: '/webapi/model/user_info/do/avatar',
        ...withAuth(multipart(filename, type, bytes)),
      });
    const withAuth = (m: ReturnType<typeof multipart>) => ({
      payload: m.payload,
      headers: { ...authed(session), ...m.headers },
    });

    const ok = await upload('me.png', 'image/png', PNG);
    expect(ok.statusCode).toBe(200);
    const avatarSid = ok.json().data.avatar_sid;
    expect((await my()).avatar_sid).toBe(avatarSid);
    const image = await t.app.inject({
      method: 'GET',
      url: `/webapi/file/avatar/${avatarSid}`,
      headers: authed(session),
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(PNG)).toBe(true);

    const svg = await upload(
      'x.png',
      'image/png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    );
    expect(svg.statusCode).toBe(415);
    expect(svg.json().code).toBe(415001);
    const html = await upload('x.jpg', 'image/jpeg', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html.json().code).toBe(415001);
    const big = await upload('big.png', 'image/png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe(413001);
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/user_info/do/avatar',
      headers: authed(session),
      payload: { file: 'x' },
    });
    expect(notMultipart.statusCode).toBe(415);

    const other = await createTenant(t);
    const stranger = await createUser(t, other);
    const strangerSession = await signIn(t.app, stranger.account, stranger.password);
    expect(
      (await t.app.inject({ method: 'GET', url: `/webapi/file/avatar/${avatarSid}`, headers: authed(strangerSession) }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/webapi/file/avatar/${avatarSid}` })).statusCode).toBe(401);
  });

  it('answers the account service views of the signed-in user', async () => {
    const basic = await t.app.inject({
      method: 'GET',
      url: '/account/user-service/account-info/basic-data',
      headers: authed(session),
    });
    expect(basic.json().data).toMatchObject({ sid: user.sid, user_type_client: 1, tenant_sid: tenant.sid });
    const extra = await t.app.inject({
      method: 'GET',
      url: '/account/user-service/account-info/extra-data',
      headers: authed(session),
    });
    expect(extra.json().data).toMatchObject({ is_bind_back_office: false, password_change_required: false });
    expect(extra.json().data.companys[0].sid).toBe(tenant.rootCompany);
  });
});
