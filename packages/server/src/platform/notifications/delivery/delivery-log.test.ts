// The administrator's delivery log (PGlite and PostgreSQL): a tenant's deliveries only, newest first, by
// status and channel, with the failure's reason in the caller's language; refused to people who are not
// tenant administrators; bad filters are 400s. A resend puts a failed delivery back (attempts reset,
// audited) and it is sent; unknown, another tenant's or pending deliveries are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createUser, signIn } from '../../../../test/accounts.js';
import { onPostgres } from '../../../../test/database.js';
import {
  deliveriesOf,
  mailsTo,
  notificationTenant,
  notificationWorld,
  type NotificationTenant,
  type NotificationWorld,
} from '../../../../test/notifications.js';
import { dispatchNotifications } from './dispatch.js';

describe(`notification delivery log (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let world: NotificationWorld;
  let acme: NotificationTenant;
  let globex: NotificationTenant;
  beforeAll(async () => {
    world = await notificationWorld();
    acme = await notificationTenant(world);
    globex = await notificationTenant(world);
  });
  afterAll(() => world?.close());

  const get = (url: string, session = acme.adminSession, language = 'en') =>
    world.t.app.inject({ method: 'GET', url: `/webapi${url}`, headers: authed(session, { 'x-language': language }) });
  const resend = (id: string, session = acme.adminSession) =>
    world.t.app.inject({
      method: 'POST',
      url: `/webapi/notification-deliveries/${id}/do/resend`,
      headers: authed(session),
    });

  it("lists the tenant's deliveries with reasons, and resends a failed one", async () => {
    const person = await acme.person();
    const patent = await acme.patent('log');
    await acme.queue({
      event: 'todo.assigned',
      record: { model: 'patent', sid: patent },
      to: [person.sid],
      params: { task: 'Sign' },
    });
    await globex.queue({ event: 'job.finished', to: [(await globex.person()).sid], params: { job: 'X', count: 1 } });
    // The account is disabled before the mail leaves: failed at once.
    await world.t.database.db.query('UPDATE user_account SET status = 0 WHERE sid = $1', [person.sid]);
    await dispatchNotifications(world.deps);

    const failed = await get('/notification-deliveries?status=failed');
    expect(failed.statusCode, failed.body).toBe(200);
    const [item] = failed.json().data;
    expect(failed.json().data).toHaveLength(1);
    expect(item).toMatchObject({
      channel: 'email',
      status: 'failed',
      attempts: 1,
      event: 'todo.assigned',
      event_label: 'A to-do assigned to me',
      title: 'New to-do: Sign · N-log log',
      link: `/model/patent/${patent}`,
      recipient: { account: person.account, name: '张三' },
      reason_code: 'recipientInactive',
      reason: "The recipient's account is disabled",
    });
    const zh = await get('/notification-deliveries?status=failed&channel=email', acme.adminSession, 'zh-CN');
    expect(zh.json().data[0].reason).toBe('收件人账号已停用');
    expect((await get('/notification-deliveries?channel=webhook')).json().data).toEqual([]);
    // Only this tenant's.
    const all = (await get('/notification-deliveries')).json().data as Array<{ id: string }>;
    const globexRows = await deliveriesOf(world, globex.tenant.sid);
    expect(all.map((d) => d.id)).not.toContain(globexRows[0]!.id);

    // Back to pending, once the account is enabled again, and sent.
    await world.t.database.db.query('UPDATE user_account SET status = 1 WHERE sid = $1', [person.sid]);
    expect((await resend(item.id)).statusCode).toBe(200);
    expect((await resend(item.id)).json().code).toBe(409491);
    const [row] = await deliveriesOf(world, acme.tenant.sid);
    expect(row).toMatchObject({ status: 'pending', attempts: 0, last_error: null });
    await dispatchNotifications(world.deps);
    expect(mailsTo(world, person.email)).toHaveLength(1);
    expect((await deliveriesOf(world, acme.tenant.sid))[0]).toMatchObject({ status: 'sent', attempts: 1 });
    const audits = await world.t.database.db.query(
      `SELECT action, target, detail FROM audit_log WHERE tenant_sid = $1 AND action = 'notification_delivery.resent'`,
      [acme.tenant.sid],
    );
    expect(audits).toEqual([
      { action: 'notification_delivery.resent', target: item.id, detail: { channel: 'email', status: 'failed' } },
    ]);

    // Another tenant's delivery, an unknown one: not found.
    expect((await resend(globexRows[0]!.id)).json().code).toBe(404490);
    expect((await resend('999999999')).statusCode).toBe(404);
  });

  it('pages newest first and refuses bad filters and non-administrators', async () => {
    const person = await acme.person();
    for (let i = 0; i < 3; i += 1)
      await acme.queue({ event: 'job.finished', to: [person.sid], params: { job: `J${i}`, count: i } });
    const first = (await get('/notification-deliveries?limit=2')).json();
    expect(first.data).toHaveLength(2);
    expect(Number(first.data[0].id)).toBeGreaterThan(Number(first.data[1].id));
    const second = (await get(`/notification-deliveries?limit=2&before=${first.next}`)).json();
    expect(Number(second.data[0].id)).toBeLessThan(Number(first.data[1].id));

    for (const bad of [
      'status=lost',
      'channel=sms',
      'limit=0',
      'limit=101',
      'before=abc',
      'before=99999999999999999999',
      'x=1',
    ])
      expect((await get(`/notification-deliveries?${bad}`)).statusCode, bad).toBe(400);
    expect((await resend('0')).statusCode).toBe(400);

    const clerk = await createUser(world.t, acme.tenant);
    const session = await signIn(world.t.app, clerk.account, clerk.password);
    expect((await get('/notification-deliveries', session)).statusCode).toBe(403);
    expect((await resend('1', session)).statusCode).toBe(403);
  });
});
