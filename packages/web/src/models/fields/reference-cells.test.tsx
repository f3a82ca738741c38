// References read as the linked records' titles the server sent with the answer: the shared cell renderer
// (titles, "—" for one the caller may not see, IDs only without titles), and the generic list and detail
// pages against a real HTTP server — a page of 20 deadlines shows each case's number and title with no
// request per row.
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReferenceTitles, SchemaField } from '../../api/model';
import { i18n, startI18n } from '../../i18n/i18n';
import {
  setPageUrl,
  silenceBrowserConsole,
  startLocalServer,
  type ReceivedRequest,
  type Responder,
} from '../../testing/local-server';
import { answer, notFound, pageTest, TEST_COMPANY_SID } from '../../testing/page-test';
import { byTestId, click } from '../../testing/render';
import { modelSchema, schemaField, systemField } from '../../testing/schema-fixtures';
import { settle, waitUntil } from '../../testing/wait';
import { renderValue, type CellContext } from './cells';
import { recordTitle, titleFieldsOf } from './reference-title';

const HIDDEN_CASE = 'PatHidden0000001';
const caseSid = (n: number) => `Patent${String(n).padStart(10, '0')}`;
const taskSid = (n: number) => `Task${String(n).padStart(12, '0')}`;

const patentField = schemaField('patent', '专利', { kind: 'parent', data_type: 'ref', target: 'patent' });
const agencyField = schemaField('agency', '所属机构', { kind: 'agency', data_type: 'ref', target: 'agency' });

describe('the reference cell', () => {
  beforeAll(async () => {
    const gone = await startLocalServer();
    await gone.close();
    setPageUrl(`${gone.origin}/ip/`);
    localStorage.clear();
    localStorage.setItem('language', 'zh-CN');
    silenceBrowserConsole();
    await startI18n(localStorage);
  });

  const titles: ReferenceTitles = {
    patent: { [caseSid(1)]: 'CN-2026-001 锂电池', [HIDDEN_CASE]: null },
    agency: { Agency0000000001: '华知代理', Agency0000000002: '东方代理' },
  };
  /** `answered` null: the data came without titles. */
  const cell = (value: unknown, shape: SchemaField, answered: ReferenceTitles | null = titles): string => {
    const context: CellContext = { t: i18n.t, language: 'zh-CN', variant: 'table', titles: answered ?? undefined };
    const shown = renderValue(value, shape, context);
    return typeof shown === 'string' ? shown : renderToStaticMarkup(<>{shown}</>).replace(/<[^>]+>/g, '');
  };

  it('shows the title the answer carried, never the ID', () => {
    expect(cell(caseSid(1), patentField)).toBe('CN-2026-001 锂电池');
    expect(cell('Agency0000000001', agencyField)).toBe('华知代理');
    expect(cell(['Agency0000000001', 'Agency0000000002'], { ...agencyField, multiple: true })).toBe(
      '华知代理、东方代理',
    );
  });

  it('shows "—" for a record the caller may not see, or one the answer did not name', () => {
    expect(cell(HIDDEN_CASE, patentField)).toBe('—');
    expect(cell('PatUnknown000001', patentField)).toBe('—');
    expect(cell('constructor', patentField)).toBe('—');
  });

  it('shows the ID only where the data came without titles', () => {
    expect(cell(caseSid(1), patentField, null)).toBe(caseSid(1));
    expect(cell(caseSid(1), patentField, { agency: {} })).toBe(caseSid(1));
  });

  it('names a case by its case number and title in pickers too', () => {
    const fields = titleFieldsOf('patent', 'title');
    expect(fields).toEqual(['sn', 'title']);
    expect(recordTitle({ sn: 'CN-2026-001', title: '锂电池' }, fields)).toBe('CN-2026-001 锂电池');
    expect(recordTitle({ sn: '', title: null }, fields)).toBeUndefined();
    expect(titleFieldsOf('agency', 'name')).toEqual(['name']);
  });
});

describe('the list and detail pages', { timeout: 30_000 }, () => {
  const schema = modelSchema({
    name: 'patent_task',
    label: '期限',
    fields: [
      systemField('sid', '编号'),
      systemField('version', '版本', { kind: 'number', data_type: 'integer' }),
      patentField,
      schemaField('title', '期限名称'),
      schemaField('due_date', '截止日', { kind: 'date', data_type: 'date' }),
    ],
  });
  const rows = Array.from({ length: 20 }, (_, i) => ({
    sid: taskSid(i + 1),
    version: 1,
    company_sid: TEST_COMPANY_SID,
    patent: i === 19 ? HIDDEN_CASE : caseSid(i + 1),
    title: `答复 ${i + 1}`,
    due_date: '2027-01-15',
  }));
  const pageTitles: ReferenceTitles = {
    patent: Object.fromEntries(
      rows.map((row, i) => [row.patent, i === 19 ? null : `CN-${String(i + 1).padStart(3, '0')} 锂电池 ${i + 1}`]),
    ),
  };
  const ok = (data: unknown, titles?: ReferenceTitles) => answer(data, { titles });

  function webapi(request: ReceivedRequest, response: Parameters<Responder>[1]): void {
    const path = request.url.split('?')[0];
    if (path === '/webapi/model/patent_task/do/schema') return ok(schema)(request, response);
    if (path === '/webapi/model/patent_task/do/search') return ok({ rows, total: 20 }, pageTitles)(request, response);
    if (path === `/webapi/model/patent_task/${taskSid(1)}`)
      return ok(rows[0], { patent: { [caseSid(1)]: 'CN-001 锂电池 1' } })(request, response);
    if (path === `/webapi/model/patent_task/do/history/${taskSid(1)}`)
      return ok(
        [
          {
            action: 'patent_task.updated',
            actor_sid: null,
            actor_name: '张三',
            at: '2026-11-20T08:00:00Z',
            changes: { patent: { before: HIDDEN_CASE, after: caseSid(1) } },
          },
        ],
        { patent: { [HIDDEN_CASE]: null, [caseSid(1)]: 'CN-001 锂电池 1' } },
      )(request, response);
    if (path === '/webapi/model/user_define_config/do/search_header') return ok({ columns: null })(request, response);
    if (path === '/webapi/model/user_define_config/do/search') return ok([])(request, response);
    return notFound(request, response);
  }

  const page = pageTest(webapi);

  it('shows every row’s case by number and title from the page’s answer, with no request per row', async () => {
    const rendered = await page.open('/model/patent_task');
    const { container } = rendered;
    await waitUntil(() => container.querySelectorAll('[data-testid="record-link"]').length === 20);
    await settle();
    const rowText = (n: number) => container.querySelector(`tr[data-row-key="${taskSid(n)}"]`)?.textContent ?? '';
    expect(rowText(1)).toContain('CN-001 锂电池 1');
    expect(rowText(19)).toContain('CN-019 锂电池 19');
    expect(rowText(20)).toContain('—');
    expect(container.textContent).not.toContain(caseSid(1));
    expect(container.textContent).not.toContain(HIDDEN_CASE);
    // The patents were never asked for one by one (nor searched): the page's answer named them all.
    expect(page.server.received.filter((request) => request.url.startsWith('/webapi/model/patent/'))).toEqual([]);
    expect(page.sent('/webapi/model/patent_task/do/search')).toHaveLength(1);
  });

  it('shows the case on the detail page and in its history by title', async () => {
    const rendered = await page.open(`/model/patent_task/${taskSid(1)}`);
    const { container } = rendered;
    await waitUntil(() => container.querySelector('[data-testid="detail-patent"]') !== null);
    expect(byTestId(container, 'detail-patent').textContent).toBe('CN-001 锂电池 1');
    await click(byTestId(container, 'tab-history'));
    await waitUntil(() => container.querySelector('[data-testid="history-change-patent"]') !== null);
    expect(byTestId(container, 'history-before').textContent).toBe('—');
    expect(byTestId(container, 'history-after').textContent).toBe('CN-001 锂电池 1');
    expect(page.server.received.filter((request) => request.url.startsWith('/webapi/model/patent/'))).toEqual([]);
  });
});
