// The generic model pages rendered with the real App against a real HTTP server playing {webapi}: the
// list's columns and cells from the schema, the iql each search mode sends, the checks made before
// sending (iql errors with their position, the 1000-value batch limit, "select at least one item"), and
// the detail page adding the record's company to its address.
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@ipdesk/core';
import type { ReceivedRequest, Responder } from '../../testing/local-server';
import { answer, notFound, pageTest, refuse, TEST_COMPANY_SID } from '../../testing/page-test';
import { byTestId, click, typeInto } from '../../testing/render';
import { fieldMaker, modelSchema, systemField } from '../../testing/schema-fixtures';
import { settle, waitUntil } from '../../testing/wait';

const zh = messages['zh-CN'];
const RECORD_SID = 'Rec0000000000001';

let savedColumns: string[] | null = null;

// The list's searches and keyword read these fields unless a field says otherwise.
const field = fieldMaker({ max_length: 255, flags: { searchFilter: true, keyword: true } });
const schema = modelSchema({
  fields: [
    systemField('sid', '编号'),
    systemField('company_sid', '所属公司', { kind: 'user', data_type: 'ref' }),
    systemField('version', '版本', { kind: 'number', data_type: 'integer' }),
    field('title', '专利名称'),
    field('sn', '案号', { unique: true }),
    field('patent_type', '专利类型', {
      kind: 'option',
      data_type: 'key',
      options: [
        { value: 'invention', label: '发明' },
        { value: 'design', label: '外观设计' },
      ],
    }),
    field('filing_date', '申请日', { kind: 'date', data_type: 'date' }),
  ],
});
const row = {
  sid: RECORD_SID,
  company_sid: TEST_COMPANY_SID,
  version: 2,
  title: "O'Brien 电池",
  sn: 'P-1',
  patent_type: 'invention',
  filing_date: '2024-01-31',
};

function webapi(request: ReceivedRequest, response: Parameters<Responder>[1]): void {
  const path = request.url.split('?')[0];
  if (path === '/webapi/model/patent/do/schema') return answer(schema)(request, response);
  if (path === '/webapi/model/nope/do/schema') return refuse(404, 404201, '没有此模型：nope')(request, response);
  if (path === '/webapi/model/patent/do/search') return answer({ rows: [row] })(request, response);
  if (path === '/webapi/model/patent/do/count') return answer({ total: 1 })(request, response);
  if (path === `/webapi/model/patent/${RECORD_SID}`) return answer(row)(request, response);
  if (path === '/webapi/model/user_define_config/do/search_header')
    return answer({ columns: savedColumns })(request, response);
  if (path === '/webapi/model/user_define_config/do/search') return answer([])(request, response);
  if (path === '/webapi/model/patent/do/create')
    return refuse(400, 500005, '案号：格式不正确', {
      fields: [{ field: 'sn', label: '案号', message: '格式不正确' }],
    })(request, response);
  return notFound(request, response);
}

/** The iql of every do/search call so far. */
function sentQueries(): Array<string | undefined> {
  return page.server.received
    .filter((request) => request.url === '/webapi/model/patent/do/search')
    .map((request) => (JSON.parse(request.body) as { iql?: string }).iql);
}

const headerTexts = (container: HTMLElement): string[] =>
  [...container.querySelectorAll('th')].map((th) => th.textContent ?? '').filter(Boolean);

async function typeText(area: HTMLTextAreaElement, value: string): Promise<void> {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(area, value);
    area.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function openList(): Promise<HTMLElement> {
  const rendered = await page.open('/model/patent');
  const { container } = rendered;
  await waitUntil(() => container.querySelector('[data-testid="record-link"]') !== null);
  await waitUntil(() => page.server.received.some((request) => request.url.includes('search_header')));
  await settle();
  return container;
}

const page = pageTest(webapi);
beforeEach(() => {
  savedColumns = null;
});

describe('the list of a model', { timeout: 20_000 }, () => {
  it('sends an unknown model to /404', async () => {
    const rendered = await page.open('/model/nope');
    const { router } = rendered;
    await waitUntil(() => router.state.location.pathname === '/404');
  });

  it('shows the tableColumn fields with their labels and option values by label', async () => {
    const container = await openList();
    const headers = headerTexts(container);
    expect(headers).toEqual(expect.arrayContaining(['专利名称', '案号', '专利类型', '申请日']));
    expect(byTestId(container, 'record-link').textContent).toBe("O'Brien 电池");
    expect(container.querySelector(`tr[data-row-key="${RECORD_SID}"]`)?.textContent).toContain('发明');
    expect(sentQueries()).toEqual([undefined]);
  });

  it('uses the saved columns in their order', async () => {
    savedColumns = ['sn', 'title'];
    const container = await openList();
    const headers = headerTexts(container);
    expect(headers.slice(0, 2)).toEqual(['案号', '专利名称']);
    expect(headers).not.toContain('专利类型');
    // Only the shown fields are asked for (the server adds the system fields itself).
    const [first] = page.sent('/webapi/model/patent/do/search');
    expect((JSON.parse(first!.body) as { fl?: string[] }).fl).toEqual(['sn', 'title']);
  });

  it('basic search sends CONTAINS with the quote doubled, and the keyword as MATCH', async () => {
    const container = await openList();
    await typeInto(byTestId<HTMLInputElement>(container, 'basic-field-title'), "O'Brien");
    await typeInto(byTestId<HTMLInputElement>(container, 'basic-keyword'), '电池');
    await click(byTestId(container, 'basic-search'));
    await settle();
    expect(sentQueries().at(-1)).toBe("MATCH '电池' AND title CONTAINS 'O''Brien'");
    expect(byTestId(container, 'current-iql').textContent).toBe("MATCH '电池' AND title CONTAINS 'O''Brien'");
  });

  it('advanced search shows a parse error with its position and does not send it', async () => {
    const container = await openList();
    await click(byTestId(container, 'search-mode-advance'));
    const box = byTestId<HTMLTextAreaElement>(container, 'iql-input');
    await typeText(box, "title = 'a' AND");
    expect(byTestId(container, 'iql-error').textContent).toBe(
      zh['iql.error.endExpectedCondition'].replace('{{position}}', '16'),
    );
    expect(byTestId<HTMLButtonElement>(container, 'iql-search').disabled).toBe(true);
    await typeText(box, "title = 'a' AND fil");
    expect(byTestId(container, 'iql-suggestion-filing_date')).toBeDefined();
    await click(byTestId(container, 'iql-suggestion-filing_date'));
    expect(box.value).toBe("title = 'a' AND filing_date");
    await typeText(box, "title = 'a' AND filing_date WITHIN NEXT 30 DAYS");
    expect(byTestId(container, 'iql-valid').textContent).toContain(zh['modelSearch.iqlValid']);
    await click(byTestId(container, 'iql-search'));
    await settle();
    expect(sentQueries().at(-1)).toBe("title = 'a' AND filing_date WITHIN NEXT 30 DAYS");
  });

  it('batch search refuses more than 1000 values and sends IN for fewer', async () => {
    const container = await openList();
    await click(byTestId(container, 'search-mode-batch'));
    const values = byTestId<HTMLTextAreaElement>(container, 'batch-values');
    await typeText(values, Array.from({ length: 1001 }, (_, i) => `P-${i}`).join('\n'));
    await click(byTestId(container, 'batch-search-submit'));
    expect(byTestId(container, 'batch-error').textContent).toBe(
      zh['modelSearch.batch.tooMany'].replace('{{max}}', '1000').replace('{{count}}', '1001'),
    );
    const before = sentQueries().length;
    await typeText(values, "P-1\nO'B\nP-1");
    await click(byTestId(container, 'batch-search-submit'));
    await settle();
    expect(sentQueries().length).toBe(before + 1);
    expect(sentQueries().at(-1)).toBe("sn IN ('P-1', 'O''B')");
  });

  it('asks to select at least one item before a batch delete', async () => {
    const container = await openList();
    await click(byTestId(container, 'model-batch-delete'));
    await settle(2);
    expect(document.body.textContent).toContain(zh['modelList.selectAtLeastOne']);
    expect(page.server.received.some((request) => /\/do\/(batch-)?delete/.test(request.url))).toBe(false);
  });
});

describe('the detail and form pages', { timeout: 20_000 }, () => {
  it("adds the record's company to the address when it is missing", async () => {
    const rendered = await page.open(`/model/patent/${RECORD_SID}?tab=x`);
    const { container } = rendered;
    await waitUntil(() => container.querySelector('[data-testid="detail-title"]') !== null);
    await settle();
    expect(byTestId(rendered.container, 'detail-title').textContent).toBe("O'Brien 电池");
    expect(byTestId(rendered.container, 'detail-patent_type').textContent).toBe('发明');
    expect(rendered.router.state.location.search).toBe(`?tab=x&sub_company_sid=${TEST_COMPANY_SID}`);
    expect(rendered.router.state.historyAction).toBe('REPLACE');
  });

  it("puts the server's field errors (500005) on their items", async () => {
    const rendered = await page.open('/model/patent/new');
    const { container } = rendered;
    await waitUntil(() => container.querySelector('[data-testid="field-title"]') !== null);
    await typeInto(byTestId<HTMLInputElement>(container, 'field-title'), '电池');
    await typeInto(byTestId<HTMLInputElement>(container, 'field-sn'), 'P 1');
    await click(byTestId(container, 'form-save'));
    await waitUntil(() => container.querySelector('[data-testid="form-error"]') !== null);
    expect(byTestId(container, 'form-error').textContent).toBe('案号：格式不正确');
    // antd shows an item's errors a timer tick after the form has them: on a busy machine, a round later.
    await waitUntil(() => byTestId(container, 'item-sn').textContent?.includes('格式不正确') ?? false);
    expect(byTestId(container, 'item-title').textContent).not.toContain('格式不正确');
    const sent = page.sent('/webapi/model/patent/do/create')[0];
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ data: { title: '电池', sn: 'P 1' } });
  });
});
