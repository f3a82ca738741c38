// Queuing a notification (issue 19): who is told of a patent's event — the explicit people, its responsible
// IP manager, its watchers — never the actor, never someone who may not read the case (no view right, or
// outside their data scope), nobody inactive; preferences decide the deliveries; a dedupe key queues once;
// an action that rolls back queues nothing. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  createAccountsTestApp,
  createTenant,
  createUser,
  grantRole,
  signIn,
  type AccountsTestApp,
  type SignedIn,
  type TestTenant,
} from '../../../test/accounts.js';
import { onPostgres } from '../../../test/database.js';
import { renderForReader } from './for-reader.js';
import { queueNotification, recipientPrincipal, type NotificationInput } from './notify.js';

describe(`queuing notifications (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  let admin: SignedIn;
  const users: Record<'manager' | 'watcher' | 'noRight' | 'ownOnly' | 'inactive' | 'digest' | 'muted', string> = {
    manager: '',
    watcher: '',
    noRight: '',
    ownOnly: '',
    inactive: '',
    digest: '',
    muted: '',
  };
  let patentSid = '';
  let adminSid = '';

  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
    const a = await createUser(t, tenant, { isTenantAdmin: true, email: 'admin@example.com' });
    adminSid = a.sid;
    admin = await signIn(t.app, a.account, a.password);
    for (const key of Object.keys(users) as Array<keyof typeof users>)
      users[key] = (await createUser(t, tenant, { email: `${key.toLowerCase()}@example.com` })).sid;
    await grantRole(t, tenant, [users.manager, users.watcher, users.inactive, users.digest, users.muted], {
      resources: ['patent'],
    });
    await grantRole(t, tenant, [users.noRight], { resources: ['patent_task'] });
    await grantRole(t, tenant, [users.ownOnly], { resources: ['patent'], dataScope: 'own' });
    await t.database.db.query('UPDATE user_account SET status = 0 WHERE sid = $1', [users.inactive]);
    await t.database.db.query(
      `INSERT INTO notification_preference (user_sid, event, in_app, email) VALUES ($1, 'record.statusChanged', true, 'digest'),
              ($2, 'record.statusChanged', false, 'off')`,
      [users.digest, users.muted],
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/patent/do/create',
      headers: authed(admin, { 'x-language': 'en' }),
      payload: {
        data: { title: '通知测试', sn: 'NT-1', patent_type: 'invention', country: 'CN', ip_manager: users.manager },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    patentSid = res.json().data.sid;
    await t.database.db.query(
      `INSERT INTO record_watch (tenant_sid, model, record_sid, user_sid, created_at)
       SELECT $1, 'patent', $2, u, $3 FROM unnest($4::text[]) u`,
      [tenant.sid, patentSid, t.clock.now, [users.watcher, users.noRight, users.ownOnly, users.inactive, adminSid]],
    );
  });
  afterAll(() => t?.close());

  const input = (overrides: Partial<NotificationInput> = {}): NotificationInput => ({
    tenantSid: tenant.sid,
    event: 'record.statusChanged',
    record: { model: 'patent', sid: patentSid },
    responsible: true,
    watchers: true,
    actorSid: adminSid,
    params: { from: { zh: '草稿', en: 'Draft' }, to: { zh: '已提交', en: 'Filed' } },
    now: t.clock.now,
    ...overrides,
  });
  const queue = (overrides: Partial<NotificationInput> = {}) =>
    t.database.db.transaction((tx) => queueNotification(tx, { registry: t.app.registry }, input(overrides)));

  it('tells the responsible manager and the watchers who may read the case, not the actor', async () => {
    const queued = await queue({ to: [users.digest, users.muted] });
    expect(queued).toBeDefined();
    // noRight lacks the view right, ownOnly sees only their own records, inactive cannot sign in, the
    // admin caused it.
    expect(new Set(queued!.recipients)).toEqual(new Set([users.manager, users.watcher, users.digest, users.muted]));
    const rows = await t.database.db.query<{ recipient_sid: string; read_at: Date | null }>(
      'SELECT recipient_sid, read_at FROM notification WHERE event_sid = $1',
      [queued!.eventSid],
    );
    expect(rows).toHaveLength(4);
    // Muted in-app: listed as read, so the bell does not count it.
    expect(rows.find((r) => r.recipient_sid === users.muted)!.read_at).not.toBeNull();
    expect(rows.find((r) => r.recipient_sid === users.manager)!.read_at).toBeNull();
    const deliveries = await t.database.db.query<{ channel: string; recipient_sid: string }>(
      `SELECT d.channel, n.recipient_sid FROM notification_delivery d JOIN notification n ON n.sid = d.notification_sid
        WHERE d.event_sid = $1 ORDER BY n.recipient_sid`,
      [queued!.eventSid],
    );
    const byUser = Object.fromEntries(deliveries.map((d) => [d.recipient_sid, d.channel]));
    expect(byUser).toEqual({ [users.manager]: 'email', [users.watcher]: 'email', [users.digest]: 'digest' });
  });

  it('queues a deduplicated cause once, and nothing when the action rolls back', async () => {
    const first = await queue({ dedupeKey: 'reminder:x:30' });
    const second = await queue({ dedupeKey: 'reminder:x:30' });
    expect(first).toBeDefined();
    expect(second).toBeUndefined();
    const before = await t.database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM notification_event');
    await expect(
      t.database.db.transaction(async (tx) => {
        await queueNotification(tx, { registry: t.app.registry }, input());
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    const after = await t.database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM notification_event');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('queues one webhook delivery per cause when the tenant has a webhook', async () => {
    await t.database.db.query(
      `INSERT INTO tenant_notification_settings (tenant_sid, webhook_url) VALUES ($1, 'https://hooks.example.com/ip')`,
      [tenant.sid],
    );
    const queued = await queue();
    const hooks = await t.database.db.query(
      "SELECT 1 FROM notification_delivery WHERE event_sid = $1 AND channel = 'webhook' AND notification_sid IS NULL",
      [queued!.eventSid],
    );
    expect(hooks).toHaveLength(1);
    // Nobody may read it (only the actor): nothing is queued, not even the webhook.
    expect(await queue({ responsible: false, watchers: false, to: [users.noRight] })).toBeUndefined();
  });

  it('renders for each reader in their language, hiding a record they can no longer read', async () => {
    const queued = await queue({ responsible: false, watchers: false, to: [users.manager] });
    const source = {
      event: 'record.statusChanged' as const,
      model: 'patent',
      record_sid: patentSid,
      params: input().params!,
      link: null,
    };
    const readerOf = async (sid: string) => {
      const [user] = await t.database.db.query<{
        sid: string;
        tenant_sid: string;
        side: 1 | 2;
        is_tenant_admin: boolean;
      }>('SELECT sid, tenant_sid, user_type_client AS side, is_tenant_admin FROM user_account WHERE sid = $1', [sid]);
      return recipientPrincipal(t.database.db, t.app.registry, user!);
    };
    expect(queued!.recipients).toEqual([users.manager]);
    const [en] = await renderForReader(t.database.db, t.app.registry, await readerOf(users.manager), 'en', [source]);
    expect(en).toEqual({
      title: 'NT-1 通知测试 changed from "Draft" to "Filed"',
      link: `/model/patent/${patentSid}`,
      recordVisible: true,
    });
    const [zh] = await renderForReader(t.database.db, t.app.registry, await readerOf(users.manager), 'zh-CN', [source]);
    expect(zh!.title).toBe('NT-1 通知测试 的状态由“草稿”变为“已提交”');
    // Someone outside the case's scope reads neither its title nor a link.
    const [hidden] = await renderForReader(t.database.db, t.app.registry, await readerOf(users.ownOnly), 'en', [
      source,
    ]);
    expect(hidden).toEqual({
      title: '(a record you cannot see) changed from "Draft" to "Filed"',
      link: null,
      recordVisible: false,
    });
  });
});
