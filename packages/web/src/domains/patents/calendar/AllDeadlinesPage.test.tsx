// The list of every kind's deadlines in the real App against a real HTTP server playing {webapi}: rows of two
// stores linking to their records (or naming none the reader may not see), overdue and status tags, the
// responsible person by name, each filter sent as the iql (or the stores) the server takes, the truncated
// note, the explanation of a rule deadline, both languages, and the 403 page without the page resource.
import { act } from 'react';
import { messages } from '@ipdesk/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { forgetMyMenus } from '../../../session/my-menus';
import type { ReceivedRequest, Responder } from '../../../testing/local-server';
import { answer, notFound, pageTest } from '../../../testing/page-test';
import { byTestId, click, typeInto } from '../../../testing/render';
import { settle, waitUntil } from '../../../testing/wait';

const PATENT = 'Pat0000000000001';
const MARK = 'Tmk0000000000001';
const ASSIGNEE = 'Usr0000000000001';

let resources: string[] = [];
let truncated = false;
const english = () => i18n.language === 'en';

function rows() {
  return [
    {
      sid: 'Tsk0000000000001',
      patent: PATENT,
      title: english() ? 'Request examination' : '提出实质审查请求',
      due_date: '2020-01-10',
      status: 'open',
      origin: 'rule',
      assignee: ASSIGNEE,
      model: 'patent_task',
      model_label: english() ? 'Case deadlines' : '期限',
      record: { model: 'patent', sid: PATENT, title: 'P-2026-001 电池' },
    },
    {
      sid: 'Tmd0000000000001',
      trademarks: MARK,
      title: english() ? 'Trademark renewal' : '商标续展',
      due_date: '2099-05-31',
      status: 'done',
      origin: 'rule',
      assignee: null,
      model: 'trademark_deadline',
      model_label: english() ? 'Trademark deadlines' : '商标期限',
      record: { model: 'trademarks', sid: MARK, title: '锂星' },
    },
    {
      sid: 'Tsk0000000000002',
      patent: 'Pat0000000000002',
      title: '缴纳年费',
      due_date: '2099-06-01',
      status: 'open',
      origin: 'manual',
      model: 'patent_task',
      model_label: '期限',
      record: { model: 'patent', sid: 'Pat0000000000002', title: null },
    },
  ];
}

function webapi(request: ReceivedRequest, response: Parameters<Responder>[1]): void {
  const path = request.url.split('?')[0];
  const send = (data: unknown) => answer(data)(request, response);
  switch (path) {
    case '/webapi/deadlines':
      return send({ rows: rows(), truncated });
    case '/webapi/deadlines/trademark_deadline/Tmd0000000000001':
      return send({
        ...rows()[1],
        explanation: english()
          ? 'Expiry date 2099-05-31 + 0 days = 2099-05-31'
          : '专用权到期日 2099-05-31 + 0日 = 2099-05-31',
        citation: english() ? 'Trademark Law art. 40' : '《商标法》第40条',
        rules_version: 'abc123',
        skipped: [],
      });
    case '/webapi/model/user_info/do/search_names':
      return send([{ sid: ASSIGNEE, name: '张三', account: 'zhang' }]);
    case '/webapi/menu/do/my':
      return send({ menus: [], resources });
    default:
      return notFound(request, response);
  }
}

const present = (testId: string): boolean => document.querySelector(`[data-testid="${testId}"]`) !== null;
const textOf = (testId: string): string => document.querySelector(`[data-testid="${testId}"]`)?.textContent ?? '';
/** The query of each list request of this test, in order. */
const asked = () =>
  page.sent('/webapi/deadlines').map((request) => new URL(request.url, page.server.origin).searchParams);

async function pick(testId: string, optionText: string): Promise<void> {
  await act(async () => {
    byTestId(document, testId)
      .querySelector('.ant-select-selector')!
      .dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  const options = () => [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')];
  await waitUntil(() => options().some((o) => o.textContent === optionText));
  await click(options().find((o) => o.textContent === optionText)!);
  await settle();
}

const page = pageTest(webapi);
beforeEach(async () => {
  resources = ['docket.deadlines', 'patent_task', 'trademark_deadline'];
  truncated = false;
  forgetMyMenus();
  await act(async () => i18n.changeLanguage('zh-CN'));
});

describe('the list of every kind of deadline', { timeout: 30_000 }, () => {
  it('lists the rows of two stores linking to their records, and sends each filter as iql', async () => {
    await page.open('/deadlines');
    await waitUntil(() => present('all-deadlines-row-Tmd0000000000001'));
    expect(asked()[0]?.get('iql')).toBe("status = 'open' ORDER BY due_date ASC");
    expect(asked()[0]?.has('stores')).toBe(false);

    const patentRow = byTestId(document, 'all-deadlines-row-Tsk0000000000001');
    expect(patentRow.querySelector('a')?.getAttribute('href')).toBe(`/model/patent/${PATENT}`);
    expect(patentRow.textContent).toContain('提出实质审查请求');
    expect(patentRow.textContent).toContain('期限');
    // Overdue: red date, the overdue tag.
    expect(patentRow.querySelector('.ant-typography-danger')?.textContent).toContain('2020-01-10');
    expect(textOf('all-deadlines-status-Tsk0000000000001')).toBe('已逾期');
    await waitUntil(() => patentRow.textContent?.includes('张三') ?? false);

    const markRow = byTestId(document, 'all-deadlines-row-Tmd0000000000001');
    expect(markRow.querySelector('a')?.getAttribute('href')).toBe(`/model/trademarks/${MARK}`);
    expect(markRow.textContent).toContain('商标期限');
    expect(markRow.querySelector('.ant-typography-danger')).toBeNull();
    expect(textOf('all-deadlines-status-Tmd0000000000001')).toBe('已完成');
    // A record the reader may not see: no link, no title.
    const hidden = byTestId(document, 'all-deadlines-row-Tsk0000000000002');
    expect(hidden.querySelector('a')).toBeNull();
    expect(hidden.textContent).toContain('缴纳年费');
    expect(present('all-deadlines-truncated')).toBe(false);

    await pick('all-deadlines-status', '已完成');
    await waitUntil(() => asked().at(-1)?.get('iql') === "status = 'done' ORDER BY due_date ASC");
    await pick('all-deadlines-due', '30 天内');
    await waitUntil(
      () => asked().at(-1)?.get('iql') === "status = 'done' AND due_date WITHIN 30 DAYS ORDER BY due_date ASC",
    );
    await pick('all-deadlines-status', '全部状态');
    await pick('all-deadlines-due', '已逾期');
    await waitUntil(() =>
      /^due_date < '\d{4}-\d\d-\d\d' ORDER BY due_date ASC$/.test(asked().at(-1)?.get('iql') ?? ''),
    );
    const box = byTestId(document, 'all-deadlines-search');
    const search = box instanceof HTMLInputElement ? box : box.querySelector('input')!;
    await typeInto(search, "O'Brien");
    await act(async () => {
      search.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', keyCode: 13, bubbles: true }));
    });
    await waitUntil(() => asked().at(-1)?.get('iql')?.includes("title CONTAINS 'O''Brien'") ?? false);
    // The record kinds are the stores the reader may view, named in their language.
    await pick('all-deadlines-kind', '商标期限');
    await waitUntil(() => asked().at(-1)?.get('stores') === 'trademark_deadline');
  });

  it('offers only the kinds the reader may view, says when the list is cut, and explains a deadline', async () => {
    resources = ['docket.deadlines', 'trademark_deadline'];
    truncated = true;
    await page.open('/deadlines');
    await waitUntil(() => present('all-deadlines-truncated'));
    expect(textOf('all-deadlines-truncated')).toContain('2000');
    await act(async () => {
      byTestId(document, 'all-deadlines-kind')
        .querySelector('.ant-select-selector')!
        .dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    await waitUntil(() => document.querySelectorAll('.ant-select-item-option').length > 0);
    expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toEqual(['商标期限']);

    await click(byTestId(document, 'all-deadlines-explain-Tmd0000000000001'));
    await waitUntil(() => present('all-deadlines-explanation-body'));
    expect(textOf('all-deadlines-explanation-body')).toContain('专用权到期日 2099-05-31');
    expect(textOf('all-deadlines-explanation-body')).toContain('《商标法》第40条');
  });

  it('reads in English', async () => {
    i18n.addResourceBundle('en', 'translation', messages.en, true, true);
    await act(async () => i18n.changeLanguage('en'));
    await page.open('/deadlines');
    await waitUntil(() => present('all-deadlines-row-Tmd0000000000001'));
    expect(textOf('all-deadlines-page')).toContain('All deadlines');
    const row = byTestId(document, 'all-deadlines-row-Tmd0000000000001');
    expect(row.textContent).toContain('Trademark deadlines');
    expect(row.textContent).toContain('Trademark renewal');
    expect(textOf('all-deadlines-status-Tmd0000000000001')).toBe('Done');
    expect(textOf('all-deadlines-status-Tsk0000000000001')).toBe('Overdue');
    await click(byTestId(document, 'all-deadlines-explain-Tmd0000000000001'));
    await waitUntil(() => present('all-deadlines-explanation-body'));
    expect(textOf('all-deadlines-explanation-body')).toContain('Expiry date 2099-05-31');
  });

  it('sends a reader without the page resource to 403, asking nothing', async () => {
    resources = ['trademark_deadline'];
    const { router } = await page.open('/deadlines');
    await waitUntil(() => router.state.location.pathname === '/403');
    await settle();
    expect(present('all-deadlines-page')).toBe(false);
    expect(asked()).toEqual([]);
  });
});
