// The daily digest against a real SMTP server (PGlite and PostgreSQL): what was queued after today's digest
// hour waits for tomorrow's; at the hour, one mail with every item grouped and linked, in the person's
// language, all marked sent together; nothing more that day; nothing pending, no mail; two servers send
// one digest.
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
  type Person,
} from '../../../../test/notifications.js';
import { dispatchNotifications } from './dispatch.js';

describe(`daily digest (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let world: NotificationWorld;
  let acme: NotificationTenant;
  beforeAll(async () => {
    world = await notificationWorld();
    acme = await notificationTenant(world);
  });
  afterAll(() => world?.close());

  const digestReader = async (language: 'zh-CN' | 'en'): Promise<Person> => {
    const person = await acme.person({ language });
    await world.t.database.db.query(
      `UPDATE notification_settings SET digest_hour = 8, time_zone = 'Asia/Shanghai' WHERE user_sid = $1`,
      [person.sid],
    );
    await world.t.database.db.query(
      `INSERT INTO notification_preference (user_sid, event, in_app, email)
       VALUES ($1, 'job.finished', true, 'digest'), ($1, 'todo.assigned', true, 'digest')`,
      [person.sid],
    );
    return person;
  };

  it("sends one mail a day at the person's digest hour with every item, grouped and linked", async () => {
    const person = await digestReader('en');
    const patent = await acme.patent('digest');
    // 10:00 in Shanghai: after today's 08:00 digest.
    world.t.clock.now = new Date('2026-11-24T02:00:00Z');
    await acme.queue({
      event: 'job.finished',
      to: [person.sid],
      params: { job: 'Import A', count: { zh: '5 条记录', en: '5 records' } },
    });
    await acme.queue({
      event: 'todo.assigned',
      record: { model: 'patent', sid: patent },
      to: [person.sid],
      params: { task: 'Check' },
    });
    await acme.queue({
      event: 'job.finished',
      to: [person.sid],
      params: { job: 'Import B', count: { zh: '7 条记录', en: '7 records' } },
    });

    expect((await dispatchNotifications(world.deps)).digestsSent).toBe(0);
    expect(mailsTo(world, person.email)).toHaveLength(0);
    const waiting = await deliveriesOf(world, acme.tenant.sid);
    expect(waiting.map((r) => [r.channel, r.status, r.available_at.toISOString()])).toEqual(
      Array(3).fill(['digest', 'pending', '2026-11-25T00:00:00.000Z']),
    );

    world.t.clock.now = new Date('2026-11-24T23:59:00Z');
    expect((await dispatchNotifications(world.deps)).digestsSent).toBe(0);
    world.t.clock.now = new Date('2026-11-25T00:00:00Z');
    expect((await dispatchNotifications(world.deps)).digestsSent).toBe(1);
    const [mail] = mailsTo(world, person.email);
    expect(mail!.subject).toBe('IPDesk daily digest: 3 notifications');
    expect(mail!.text).toContain(
      [
        'Your notifications since the last digest:',
        '',
        'To-dos and processes',
        '- New to-do: Check · N-digest digest',
        `  ${PUBLIC_URL}/ip/model/patent/${patent}`,
        '',
        'Background jobs',
        '- Import A finished: 5 records',
        '- Import B finished: 7 records',
      ].join('\n'),
    );
    const sent = await deliveriesOf(world, acme.tenant.sid);
    expect(sent.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    expect(new Set(sent.map((r) => r.sent_at?.toISOString())).size).toBe(1);

    // Queued after the hour: tomorrow's digest, not a second one today.
    world.t.clock.now = new Date('2026-11-25T00:30:00Z');
    await acme.queue({ event: 'job.finished', to: [person.sid], params: { job: 'Import C', count: 1 } });
    world.t.clock.now = new Date('2026-11-25T10:00:00Z');
    expect((await dispatchNotifications(world.deps)).digestsSent).toBe(0);
    world.t.clock.now = new Date('2026-11-26T00:00:00Z');
    expect((await dispatchNotifications(world.deps)).digestsSent).toBe(1);
    expect(mailsTo(world, person.email).map((m) => m.subject)).toEqual([
      'IPDesk daily digest: 3 notifications',
      'IPDesk daily digest: 1 notifications',
    ]);
    // Nothing pending: no mail.
    world.t.clock.now = new Date('2026-11-27T00:00:00Z');
    expect((await dispatchNotifications(world.deps)).digestsSent).toBe(0);
  });

  it.runIf(onPostgres)('sends one digest when two servers run at the hour', async () => {
    const other = await world.t.database.openAnother!();
    const second = { ...world.deps, accounts: { ...world.t.app.accounts, db: other } };
    const person = await digestReader('zh-CN');
    world.t.clock.now = new Date('2026-11-27T02:00:00Z');
    for (let i = 0; i < 5; i += 1)
      await acme.queue({ event: 'job.finished', to: [person.sid], params: { job: `任务${i}`, count: i } });
    await dispatchNotifications(world.deps);
    world.t.clock.now = new Date('2026-11-28T00:00:00Z');
    const reports = await Promise.all([
      dispatchNotifications(world.deps),
      dispatchNotifications(second),
      dispatchNotifications(world.deps),
      dispatchNotifications(second),
    ]);
    expect(reports.reduce((n, r) => n + r.digestsSent, 0)).toBe(1);
    const mails = mailsTo(world, person.email);
    expect(mails.map((m) => m.subject)).toEqual(['IPDesk 每日通知摘要：5 条']);
  });
});
