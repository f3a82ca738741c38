// Every event type leaves as one mail per person told, in that person's language, through a real SMTP
// server; an event about a record reaches nobody who may not read it (PGlite and PostgreSQL). The causes
// of each event (which command tells whom) are tested where they are queued: workflow `notices.test.ts`,
// `job-notices.test.ts`, `account-notices.test.ts`, `status-changed.test.ts`, the reminders and verification.
import { NOTIFICATION_EVENTS, notificationTitle, type NotificationEvent, type NotificationParams } from '@ipdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../../test/database.js';
import {
  mailsTo,
  notificationTenant,
  notificationWorld,
  type NotificationTenant,
  type NotificationWorld,
} from '../../../../test/notifications.js';
import { dispatchNotifications } from './dispatch.js';

/** Events about no record: a job's outcome, the account's own events. */
const RECORDLESS = (event: NotificationEvent) => event.startsWith('job.') || event.startsWith('account.');

const PARAMS: NotificationParams = {
  task: { zh: '代理人审核', en: 'Agent review' },
  process: { zh: '立案审批', en: 'Filing approval' },
  actor: '王五',
  comment: '请今天处理',
  from: { zh: '草稿', en: 'Draft' },
  to: { zh: '已提交', en: 'Filed' },
  deadline: { zh: '答复审查意见', en: 'Office action reply' },
  due: '2027-01-05',
  days: 7,
  fee: { zh: '第 3 年年费', en: 'Year 3 annuity' },
  job: { zh: '专利导入', en: 'Patent import' },
  count: { zh: '3 条记录', en: '3 records' },
  reason: { zh: '文件无法读取', en: 'The file cannot be read' },
};

describe(`every event by e-mail (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let world: NotificationWorld;
  let acme: NotificationTenant;
  beforeAll(async () => {
    world = await notificationWorld();
    acme = await notificationTenant(world);
  });
  afterAll(() => world?.close());

  it('sends each event type once to each reader, in their language, and none to an outsider', async () => {
    const zh = await acme.person();
    const en = await acme.person({ language: 'en' });
    const outsider = await acme.person({ readsPatents: false });
    const patent = await acme.patent('钠电池');
    for (const event of NOTIFICATION_EVENTS) {
      const aboutRecord = !RECORDLESS(event);
      const told = await acme.queue({
        event,
        ...(aboutRecord ? { record: { model: 'patent', sid: patent } } : {}),
        to: aboutRecord ? [zh.sid, en.sid, outsider.sid] : [zh.sid, en.sid],
        params: PARAMS,
      });
      expect(new Set(told), event).toEqual(new Set([zh.sid, en.sid]));
    }
    // A round sends one batch; a few rounds send them all.
    let sent = 0;
    for (let round = 0; round < 5; round++) sent += (await dispatchNotifications(world.deps)).sent;
    expect(sent).toBe(NOTIFICATION_EVENTS.length * 2);

    for (const [person, language] of [
      [zh, 'zh-CN'],
      [en, 'en'],
    ] as const) {
      const subjects = mailsTo(world, person.email).map((m) => m.subject);
      const expected = NOTIFICATION_EVENTS.map((event) =>
        notificationTitle(event, PARAMS, language, RECORDLESS(event) ? {} : { title: 'N-钠电池 钠电池' }),
      );
      expect([...subjects].sort(), language).toEqual([...expected].sort());
    }
    expect(mailsTo(world, outsider.email)).toEqual([]);
  });
});
