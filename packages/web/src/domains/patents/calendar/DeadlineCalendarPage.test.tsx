// The deadline calendar page in the real App against a real HTTP server playing {webapi}: the month's
// open deadlines of every store in their day cells, each linking to its record (a case, a certificate) or
// naming none the reader may not see, a time range as a list, the iCalendar export of the current filter,
// the office calendar, and the import of a CSV file whose bad rows the server names by the file's lines.
import { act } from 'react';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetMyMenus } from '../../../session/my-menus';
import { sendJson, type ReceivedRequest, type Responder } from '../../../testing/local-server';
import { answer, notFound, pageTest } from '../../../testing/page-test';
import { byTestId, click } from '../../../testing/render';
import { settle, waitUntil } from '../../../testing/wait';

const PATENT = 'Pat0000000000001';
const CERTIFICATE = 'Crt0000000000001';

let resources: string[] | undefined;

const thisMonth = dayjs().format('YYYY-MM');

function task(
  sid: string,
  day: string,
  title: string,
  rule: string | null,
  recordTitle: string | null = 'P-2026-001 电池',
) {
  return {
    sid,
    version: 1,
    patent: PATENT,
    title,
    due_date: day,
    status: 'open',
    office: 'CN',
    rule_code: rule,
    model: 'patent_task',
    model_label: '期限',
    record: { model: 'patent', sid: PATENT, title: recordTitle },
  };
}

function certificateDeadline(sid: string, day: string, title: string) {
  return {
    sid,
    version: 1,
    test_certificate: CERTIFICATE,
    title,
    due_date: day,
    status: 'open',
    rule_code: 'CERT-RENEW',
    model: 'test_certificate_deadline',
    model_label: '证书期限',
    record: { model: 'test_certificate', sid: CERTIFICATE, title: '证书 A' },
  };
}

function webapi(request: ReceivedRequest, response: Parameters<Responder>[1]): void {
  const path = request.url.split('?')[0];
  const send = (data: unknown) => answer(data)(request, response);
  switch (path) {
    case '/webapi/deadlines':
      // Every store's deadlines, merged by the server; one of a case the reader may not see.
      return send({
        rows: [
          task('Tsk1', `${thisMonth}-10`, '提出实质审查请求', 'CN-EXAM-REQUEST'),
          certificateDeadline('Crt1', `${thisMonth}-15`, '续期截止'),
          task('Tsk2', `${thisMonth}-20`, '答复审查意见', null),
          task('Tsk3', `${thisMonth}-21`, '缴纳年费', null, null),
        ],
        truncated: false,
      });
    case '/webapi/patent-calendars/CN':
      return send({
        office: 'CN',
        year: dayjs().year(),
        built_in: true,
        source: 'State Council notice',
        weekend: [0, 6],
        coverage: { from: '2020-01-01', to: '2026-12-31' },
        closed: [{ date: `${dayjs().year()}-10-01`, name: '国庆节', imported: false }],
        working: [{ date: `${dayjs().year()}-09-28`, imported: true }],
      });
    case '/webapi/patent-calendars/import':
      return sendJson(400, {
        code: 400400,
        message: '日历导入有误',
        request_id: 'r',
        fields: [{ field: 'rows[1].date', label: '日期', message: '日期格式应为 YYYY-MM-DD' }],
      })(request, response);
    case '/webapi/deadlines/ical':
      response.writeHead(200, {
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': 'attachment; filename="deadlines.ics"',
      });
      return void response.end('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    case '/webapi/menu/do/my':
      return send({ menus: [], resources: resources ?? [] });
    default:
      return notFound(request, response);
  }
}

const present = (testId: string): boolean => document.querySelector(`[data-testid="${testId}"]`) !== null;
const textOf = (testId: string): string => document.querySelector(`[data-testid="${testId}"]`)?.textContent ?? '';
/** The iql of each deadlines request, in order. */
const asked = () =>
  page.server.received
    .filter((request) => request.url.startsWith('/webapi/deadlines?'))
    .map((request) => new URL(request.url, page.server.origin).searchParams.get('iql'));

async function chooseFile(input: HTMLInputElement, text: string): Promise<void> {
  const file = new File([text], 'cn.csv', { type: 'text/csv' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const page = pageTest(webapi);
beforeEach(() => {
  resources = undefined;
  // Each test's user: the held resources are asked for again.
  forgetMyMenus();
});

describe('deadline calendar page', { timeout: 30_000 }, () => {
  it("shows the month's deadlines by day, lists a range and exports what is shown", async () => {
    resources = ['docket.deadlines', 'patent_task', 'system.settings'];
    await page.open('/patents/calendar');
    await waitUntil(() => present('calendar-deadline-Tsk2'));
    expect(asked()[0]).toMatch(
      new RegExp(`^status = 'open' AND due_date BETWEEN '${thisMonth}-01' AND '${thisMonth}-\\d\\d'`),
    );
    expect(byTestId(document, `calendar-day-${thisMonth}-10`).textContent).toContain('提出实质审查请求');
    expect(textOf('calendar-deadline-Tsk1')).toContain('P-2026-001');
    const link = byTestId(document, 'calendar-deadline-Tsk1').querySelector('a');
    expect(link?.getAttribute('href')).toBe(`/model/patent/${PATENT}`);
    // A docketed model's deadline links to its own record.
    expect(byTestId(document, `calendar-day-${thisMonth}-15`).textContent).toContain('续期截止');
    expect(textOf('calendar-deadline-Crt1')).toContain('证书 A');
    const certificateLink = byTestId(document, 'calendar-deadline-Crt1').querySelector('a');
    expect(certificateLink?.getAttribute('href')).toBe(`/model/test_certificate/${CERTIFICATE}`);
    // A record the reader may not see: no link, no title.
    expect(byTestId(document, 'calendar-deadline-Tsk3').querySelector('a')).toBeNull();
    expect(textOf('calendar-deadline-Tsk3')).not.toContain('P-2026-001');

    await click(byTestId(document, 'calendar-range-days30'));
    await waitUntil(() => present('deadline-list'));
    await waitUntil(() => textOf('deadline-list').includes('答复审查意见'));
    await waitUntil(() => textOf('deadline-list').includes('证书 A'));
    const listed = asked().at(-1);
    expect(listed).toBe("status = 'open' AND due_date WITHIN 30 DAYS ORDER BY due_date ASC");

    // happy-dom would follow the download link and leave the page: only note what would be saved.
    const saved: string[] = [];
    const save = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await click(byTestId(document, 'calendar-export-ics'));
    await waitUntil(() => saved.length === 1);
    save.mockRestore();
    expect(saved).toEqual(['deadlines.ics']);
    const exported = page.server.received.find((r) => r.url.startsWith('/webapi/deadlines/ical'));
    expect(new URL(exported?.url ?? '', page.server.origin).searchParams.get('iql')).toBe(listed);
  });

  it("shows an office's calendar and lists the server's row errors of an import by file line", async () => {
    resources = ['docket.deadlines', 'patent_task', 'system.settings'];
    await page.open('/patents/calendar');
    await waitUntil(() => textOf('office-calendar').includes('国庆节'));
    expect(byTestId(document, 'office-calendar-coverage').textContent).toContain('2020-01-01');

    await waitUntil(() => present('calendar-import'));
    await click(byTestId(document, 'calendar-import'));
    await waitUntil(() => present('calendar-import-file'));
    await chooseFile(
      byTestId<HTMLInputElement>(document, 'calendar-import-file'),
      'office,date,type,name_zh\nCN,2026-10-01,closed,国庆节\n\nCN,2026/10/02,closed,国庆节\n',
    );
    await waitUntil(() => present('calendar-import-read'));
    await click(byTestId(document, 'calendar-import-submit'));
    await waitUntil(() => present('calendar-import-row-error'));
    expect(byTestId(document, 'calendar-import-row-error').textContent).toBe('第 4 行 日期：日期格式应为 YYYY-MM-DD');
    const sent = page.server.received.find((r) => r.url === '/webapi/patent-calendars/import');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({
      rows: [
        { office: 'CN', date: '2026-10-01', type: 'closed', name_zh: '国庆节' },
        { office: 'CN', date: '2026/10/02', type: 'closed', name_zh: '国庆节' },
      ],
    });
  });

  it('opens for a reader of trademark deadlines only, without the offices’ calendars of the patents', async () => {
    resources = ['docket.deadlines', 'trademark_deadline'];
    await page.open('/patents/calendar');
    await waitUntil(() => present('calendar-deadline-Crt1'));
    await settle();
    expect(present('office-calendar')).toBe(false);
    expect(page.sent('/webapi/patent-calendars/CN')).toEqual([]);
  });

  it('sends a reader without the page resource to 403', async () => {
    resources = ['patent_task'];
    const { router } = await page.open('/patents/calendar');
    await waitUntil(() => router.state.location.pathname === '/403');
    expect(present('deadline-calendar-page')).toBe(false);
  });

  it('offers no import without system.settings', async () => {
    resources = ['docket.deadlines', 'patent_task'];
    await page.open('/patents/calendar');
    await waitUntil(() => textOf('office-calendar').includes('国庆节'));
    await settle();
    expect(present('calendar-import')).toBe(false);
  });
});
