// The notification pages rendered with the real App against a real HTTP server playing {webapi}: the bell's
// unread count and its dropdown (opening one marks it read and goes to its record; mark all read), the inbox
// page's filters and cursor paging (a hidden record opens nothing), the preferences page (account events
// locked; what is saved; a refusal shown), and a record page's watch button.
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@ipdesk/core';
import type { InboxItem, Preferences } from '../api/notifications';
import { i18n } from '../i18n/i18n';
import type { ReceivedRequest, Responder } from '../testing/local-server';
import { answer, notFound, pageTest, refuse, TEST_COMPANY_SID } from '../testing/page-test';
import { byTestId, click } from '../testing/render';
import { modelSchema, schemaField, systemField } from '../testing/schema-fixtures';
import { settle, waitUntil } from '../testing/wait';

const zh = messages['zh-CN'];
const RECORD_SID = 'Rec0000000000001';

const item = (sid: string, extra: Partial<InboxItem> = {}): InboxItem => ({
  sid,
  event: 'record.statusChanged',
  event_label: '关注的记录状态变化',
  group: 'records',
  title: `CN-1 电池 的状态由“待处理”变为“已完成” ${sid}`,
  link: `/model/patent/${RECORD_SID}`,
  model: 'patent',
  record_sid: RECORD_SID,
  actor_sid: 'User000000000001',
  actor_name: '管理员',
  created_at: '2026-11-21T08:00:00.000Z',
  read_at: null,
  ...extra,
});

let items: InboxItem[] = [];
let watching = false;
let preferencesAnswer: Responder;
const PREFERENCES: Preferences = {
  events: [
    {
      event: 'todo.assigned',
      label: '待办分配给我',
      group: 'workflow',
      mandatory: false,
      in_app: true,
      email: 'immediate',
    },
    {
      event: 'record.statusChanged',
      label: '关注的记录状态变化',
      group: 'records',
      mandatory: false,
      in_app: true,
      email: 'immediate',
    },
    {
      event: 'account.locked',
      label: '账号被锁定',
      group: 'account',
      mandatory: true,
      in_app: true,
      email: 'immediate',
    },
  ],
  settings: { language: 'zh-CN', time_zone: 'Asia/Shanghai', quiet_from: null, quiet_to: null, digest_hour: 8 },
};

const schema = modelSchema({
  fields: [systemField('sid', '编号'), systemField('company_sid', '所属公司'), schemaField('title', '专利名称')],
});

function webapi(request: ReceivedRequest, response: Parameters<Responder>[1]): void {
  const url = new URL(request.url, 'http://x');
  const path = url.pathname;
  if (path === '/webapi/menu/do/my') return answer({ menus: [], resources: ['patent'] })(request, response);
  if (path === '/webapi/notifications/unread-count')
    return answer({ unread: items.filter((i) => i.read_at === null).length })(request, response);
  if (path === '/webapi/notifications') {
    const unread = url.searchParams.get('unread') === 'true';
    const before = url.searchParams.get('before');
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const shown = items.filter((i) => !unread || i.read_at === null);
    const start = before ? shown.findIndex((i) => i.sid === before) + 1 : 0;
    const page = shown.slice(start, start + limit);
    const next = start + limit < shown.length ? page.at(-1)!.sid : null;
    return answer({ items: page, next })(request, response);
  }
  if (path === '/webapi/notifications/read') {
    const body = JSON.parse(request.body) as { sids?: string[]; all?: true };
    for (const i of items) if (body.all || body.sids?.includes(i.sid)) i.read_at = '2026-11-21T09:00:00.000Z';
    return answer({ marked: 1, unread: items.filter((i) => i.read_at === null).length })(request, response);
  }
  if (path === '/webapi/notifications/preferences') return preferencesAnswer(request, response);
  if (path === '/webapi/notifications/language') return answer({})(request, response);
  if (path === `/webapi/model/patent/do/watch/${RECORD_SID}`) {
    if (request.method === 'POST') watching = true;
    return answer({ watching })(request, response);
  }
  if (path === `/webapi/model/patent/do/unwatch/${RECORD_SID}`) {
    watching = false;
    return answer({ watching })(request, response);
  }
  if (path === '/webapi/model/patent/do/schema') return answer(schema)(request, response);
  if (path === `/webapi/model/patent/${RECORD_SID}`)
    return answer({ sid: RECORD_SID, company_sid: TEST_COMPANY_SID, title: 'CN-1 电池' })(request, response);
  return notFound(request, response);
}

const page = pageTest(webapi);
beforeEach(async () => {
  items = [item('Note000000000001'), item('Note000000000002', { read_at: '2026-11-21T07:00:00.000Z' })];
  watching = false;
  preferencesAnswer = answer(PREFERENCES);
  await act(async () => i18n.changeLanguage('zh-CN'));
});

const bell = (container: HTMLElement) => byTestId(container, 'header-notifications');
const listed = () => [...document.body.querySelectorAll<HTMLElement>('[data-testid="notification-item"]')];

describe('the notification bell', { timeout: 60_000 }, () => {
  it('shows the unread count, lists the latest, and opening one marks it read and opens its record', async () => {
    const rendered = await page.open('/profile');
    const { container } = rendered;
    await waitUntil(() => bell(container).dataset.count === '1');
    expect(bell(container).getAttribute('aria-label')).toBe('通知（1 条未读）');
    await click(bell(container));
    await waitUntil(() => listed().length === 2);
    expect(page.sent('/webapi/notifications')[0]!.url).toContain('limit=10');
    const first = listed()[0]!;
    expect(first.dataset.unread).toBe('true');
    await click(first);
    await waitUntil(() => rendered.router.state.location.pathname === `/model/patent/${RECORD_SID}`);
    expect(JSON.parse(page.sent('/webapi/notifications/read')[0]!.body)).toEqual({ sids: ['Note000000000001'] });
    await waitUntil(() => bell(container).dataset.count === '0');
  });

  it('marks all read from the dropdown', async () => {
    const { container } = await page.open('/profile');
    await waitUntil(() => bell(container).dataset.count === '1');
    await click(bell(container));
    await waitUntil(() => document.body.querySelector('[data-testid="notification-read-all"]') !== null);
    await click(byTestId(document.body, 'notification-read-all'));
    await waitUntil(() => bell(container).dataset.count === '0');
    expect(JSON.parse(page.sent('/webapi/notifications/read')[0]!.body)).toEqual({ all: true });
  });
});

describe('the inbox page', { timeout: 20_000 }, () => {
  it('pages with the server’s cursor and filters unread', async () => {
    items = Array.from({ length: 25 }, (_, i) => item(`Note${String(i).padStart(12, '0')}`));
    const { container } = await page.open('/notifications');
    await waitUntil(() => container.querySelectorAll('[data-testid="notification-item"]').length === 20);
    await click(byTestId(container, 'inbox-more'));
    await waitUntil(() => container.querySelectorAll('[data-testid="notification-item"]').length === 25);
    expect(page.sent('/webapi/notifications').at(-1)!.url).toContain('before=Note000000000019');
    await click(byTestId(container, 'inbox-unread'));
    await waitUntil(() => page.sent('/webapi/notifications').some((r) => r.url.includes('unread=true')));
  });

  it('shows a hidden record’s notification without a link: opening it only marks it read', async () => {
    items = [
      item('Note000000000003', { title: '（无权查看的记录） 的状态由“待处理”变为“已完成”', link: null, model: null }),
    ];
    const rendered = await page.open('/notifications');
    const { container } = rendered;
    await waitUntil(() => container.querySelector('[data-testid="notification-item"]') !== null);
    const hidden = byTestId(container, 'notification-item');
    expect(hidden.dataset.link).toBe('');
    expect(hidden.textContent).toContain(zh['notification.recordHidden']);
    await click(hidden);
    await waitUntil(() => page.sent('/webapi/notifications/read').length === 1);
    await settle();
    expect(rendered.router.state.location.pathname).toBe('/notifications');
  });
});

describe('the preferences page', { timeout: 20_000 }, () => {
  it('locks account events and saves the others with the settings', async () => {
    const { container } = await page.open('/notifications/preferences');
    await waitUntil(() => container.querySelector('[data-testid="preference-in-app-account.locked"]') !== null);
    expect(byTestId(container, 'preference-in-app-account.locked').hasAttribute('disabled')).toBe(true);
    expect(container.querySelectorAll('[data-testid="preference-locked"]')).toHaveLength(1);
    await click(byTestId(container, 'preference-in-app-record.statusChanged'));
    preferencesAnswer = (request, response) =>
      answer(request.method === 'PUT' ? PREFERENCES : PREFERENCES)(request, response);
    await click(byTestId(container, 'preferences-save'));
    await waitUntil(() => page.sent('/webapi/notifications/preferences').some((r) => r.method === 'PUT'));
    const put = page.sent('/webapi/notifications/preferences').find((r) => r.method === 'PUT')!;
    expect(JSON.parse(put.body)).toEqual({
      events: [
        { event: 'todo.assigned', in_app: true, email: 'immediate' },
        { event: 'record.statusChanged', in_app: false, email: 'immediate' },
      ],
      settings: PREFERENCES.settings,
    });
  });

  it('shows a refusal in the server’s words', async () => {
    const { container } = await page.open('/notifications/preferences');
    await waitUntil(() => container.querySelector('[data-testid="preferences-save"]') !== null);
    preferencesAnswer = (request, response) =>
      request.method === 'PUT'
        ? refuse(400, 500001, '时区：不正确')(request, response)
        : answer(PREFERENCES)(request, response);
    await click(byTestId(container, 'preferences-save'));
    await waitUntil(() => container.querySelector('[data-testid="preferences-error"]') !== null);
    expect(byTestId(container, 'preferences-error').textContent).toBe('时区：不正确');
  });
});

describe('the watch button', { timeout: 20_000 }, () => {
  it('watches and unwatches the record', async () => {
    const { container } = await page.open(`/model/patent/${RECORD_SID}`);
    await waitUntil(() => container.querySelector('[data-testid="detail-watch"]') !== null);
    const button = () => byTestId(container, 'detail-watch');
    expect(button().textContent).toContain(zh['watch.on']);
    await click(button());
    await waitUntil(() => button().dataset.watching === 'true');
    expect(button().textContent).toContain(zh['watch.off']);
    await click(button());
    await waitUntil(() => button().dataset.watching === 'false');
    expect(page.sent(`/webapi/model/patent/do/unwatch/${RECORD_SID}`)).toHaveLength(1);
  });
});
