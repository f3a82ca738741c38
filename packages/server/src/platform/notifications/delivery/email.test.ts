// The e-mail channel against a real SMTP server (PGlite and PostgreSQL): one mail per person told, in their
// language, with a link to the record; nobody else; a record hidden from the reader by send time is not
// named or linked; quiet hours postpone without counting an attempt; a mail server that fails is retried
// with growing waits and then the delivery fails with its reason; a disabled account fails at once; two
// servers sending from one PostgreSQL database send every row once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../../test/database.js';
import {
  deliveriesOf,
  mailsTo,
  notificationTenant,
  notificationWorld,
  PUBLIC_URL,
  type NotificationTenant,
  type NotificationWorld,
} from '../../../../test/notifications.js';
import { dispatchNotifications } from './dispatch.js';
import { DELIVERY_MAX_ATTEMPTS } from './retry.js';

describe(`e-mail delivery (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let world: NotificationWorld;
  let acme: NotificationTenant;
  beforeAll(async () => {
    world = await notificationWorld();
    acme = await notificationTenant(world);
  });
  afterAll(() => world?.close());
  const dispatch = () => dispatchNotifications(world.deps);

  it("mails each person told once, in their language, with the record's link; nobody else", async () => {
    const zh = await acme.person();
    const en = await acme.person({ language: 'en' });
    const outsider = await acme.person({ readsPatents: false });
    const patent = await acme.patent('电池');
    const told = await acme.queue({
      event: 'record.statusChanged',
      record: { model: 'patent', sid: patent },
      to: [zh.sid, en.sid, outsider.sid],
      params: { from: { zh: '草稿', en: 'Draft' }, to: { zh: '已提交', en: 'Filed' } },
    });
    expect(new Set(told)).toEqual(new Set([zh.sid, en.sid]));

    const report = await dispatch();
    expect(report.sent).toBe(2);
    const [zhMail] = mailsTo(world, zh.email);
    const [enMail] = mailsTo(world, en.email);
    expect(mailsTo(world, zh.email)).toHaveLength(1);
    expect(mailsTo(world, en.email)).toHaveLength(1);
    expect(mailsTo(world, outsider.email)).toHaveLength(0);
    const link = `${PUBLIC_URL}/ip/model/patent/${patent}`;
    expect(zhMail!.subject).toBe('N-电池 电池 的状态由“草稿”变为“已提交”');
    expect(zhMail!.text).toContain('通知类型：关注的记录状态变化');
    expect(zhMail!.text).toContain(`查看：${link}`);
    expect(zhMail!.text).toContain(`${PUBLIC_URL}/ip/notifications/preferences`);
    expect(enMail!.subject).toBe('N-电池 电池 changed from "Draft" to "Filed"');
    expect(enMail!.text).toContain(`Open: ${link}`);
    expect(enMail!.text).toContain('To change which notifications are mailed to you');

    const rows = await deliveriesOf(world, acme.tenant.sid);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
    ]);
    // Sent rows are not sent again.
    expect((await dispatch()).sent).toBe(0);
  });

  it('does not name or link a record the reader can no longer read when the mail leaves', async () => {
    const person = await acme.person({ language: 'en' });
    const patent = await acme.patent('secret');
    await acme.queue({
      event: 'todo.assigned',
      record: { model: 'patent', sid: patent },
      to: [person.sid],
      params: { task: 'Review' },
    });
    // Their role is taken away after the notification was queued.
    await world.t.database.db.query('DELETE FROM user_role WHERE user_sid = $1', [person.sid]);
    await world.t.database.db.query('UPDATE tenant SET access_version = access_version + 1 WHERE sid = $1', [
      acme.tenant.sid,
    ]);
    await dispatch();
    const [mail] = mailsTo(world, person.email);
    expect(mail!.subject).toBe('New to-do: Review · (a record you cannot see)');
    expect(mail!.text).not.toContain('secret');
    expect(mail!.text).not.toContain(patent);
    expect(mail!.text).not.toContain('Open:');
  });

  it("postpones a mail in the person's quiet hours to their end, without counting an attempt", async () => {
    const person = await acme.person();
    // 16:00 in Shanghai (08:00 UTC): quiet from 15:00 to 18:00.
    world.t.clock.now = new Date('2026-11-23T08:00:00Z');
    await world.t.database.db.query(
      `INSERT INTO notification_settings (user_sid, time_zone, quiet_from, quiet_to) VALUES ($1, 'Asia/Shanghai', 15, 18)`,
      [person.sid],
    );
    await acme.queue({
      event: 'job.finished',
      to: [person.sid],
      params: { job: 'Quiet import', count: { zh: '3 条记录', en: '3 records' } },
    });
    const report = await dispatch();
    expect(report.postponed).toBe(1);
    expect(mailsTo(world, person.email)).toHaveLength(0);
    const [row] = (await deliveriesOf(world, acme.tenant.sid)).slice(-1);
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    expect(row!.available_at.toISOString()).toBe('2026-11-23T10:00:00.000Z');

    // Account events are never held back.
    await acme.queue({ event: 'account.locked', to: [person.sid] });
    await dispatch();
    expect(mailsTo(world, person.email).map((m) => m.subject)).toEqual(['您的账号因多次登录失败已被锁定']);

    world.t.clock.advanceMinutes(119);
    await dispatch();
    expect(mailsTo(world, person.email)).toHaveLength(1);
    world.t.clock.advanceMinutes(1);
    await dispatch();
    expect(mailsTo(world, person.email).map((m) => m.subject)).toContain('Quiet import已完成：3 条记录');
  });

  it('retries a failing mail server with growing waits, then fails with the reason; a disabled account fails at once', async () => {
    const other = await notificationTenant(world);
    const person = await other.person();
    // The tenant's own mail server: a port nobody listens on.
    await world.t.database.db.query(
      `INSERT INTO tenant_mail_settings (tenant_sid, host, port, secure, from_address, updated_at)
       VALUES ($1, '127.0.0.1', 1, false, 'ip@example.com', now())`,
      [other.tenant.sid],
    );
    await other.queue({ event: 'job.failed', to: [person.sid], params: { job: 'Import', reason: 'bad file' } });
    const waits: number[] = [];
    for (let attempt = 1; attempt <= DELIVERY_MAX_ATTEMPTS; attempt += 1) {
      expect((await dispatch()).failed).toBe(1);
      const [row] = await deliveriesOf(world, other.tenant.sid);
      expect(row!.attempts).toBe(attempt);
      expect(row!.last_error).toMatch(/^mailSendFailed/);
      if (attempt < DELIVERY_MAX_ATTEMPTS) {
        expect(row!.status).toBe('pending');
        const wait = (row!.available_at.getTime() - world.t.clock.now.getTime()) / 60_000;
        waits.push(wait);
        // Not due before its time.
        world.t.clock.advanceMinutes(wait - 1);
        expect((await dispatch()).failed).toBe(0);
        world.t.clock.advanceMinutes(1);
      } else expect(row!.status).toBe('failed');
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64]);
    expect((await dispatch()).failed).toBe(0);

    const disabled = await other.person();
    await other.queue({ event: 'job.finished', to: [disabled.sid], params: { job: 'Export', count: 1 } });
    await world.t.database.db.query('UPDATE user_account SET status = 0 WHERE sid = $1', [disabled.sid]);
    // No address: queueNotification mails nobody without one; the row stands for an address removed since.
    const noAddress = await other.person({ email: null });
    await other.queue({ event: 'job.finished', to: [noAddress.sid], params: { job: 'Export', count: 2 } });
    await world.t.database.db.query(
      `INSERT INTO notification_delivery (tenant_sid, event_sid, notification_sid, channel, available_at, created_at)
       SELECT n.tenant_sid, n.event_sid, n.sid, 'email', $2, $2 FROM notification n WHERE n.recipient_sid = $1`,
      [noAddress.sid, world.t.clock.now],
    );
    await dispatch();
    const rows = (await deliveriesOf(world, other.tenant.sid)).slice(1);
    expect(rows.map((r) => [r.status, r.attempts, r.last_error])).toEqual([
      ['failed', 1, 'recipientInactive'],
      ['failed', 1, 'recipientNoAddress'],
    ]);
  });

  it.runIf(onPostgres)('sends each row once when two servers dispatch from one database', async () => {
    const other = await world.t.database.openAnother!();
    const second = { ...world.deps, accounts: { ...world.t.app.accounts, db: other } };
    const person = await acme.person();
    for (let i = 0; i < 40; i += 1)
      await acme.queue({ event: 'job.finished', to: [person.sid], params: { job: `Job ${i}`, count: i } });
    const drain = async (deps: typeof second) => {
      for (;;) {
        const report = await dispatchNotifications(deps, { limit: 5 });
        if (report.sent + report.failed === 0) return;
      }
    };
    await Promise.all([drain(world.deps), drain(second), drain(world.deps), drain(second)]);
    const subjects = mailsTo(world, person.email).map((m) => m.subject);
    expect(subjects).toHaveLength(40);
    expect(new Set(subjects).size).toBe(40);
  });
});
