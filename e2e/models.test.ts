// The generic model pages in Chromium against the real server, with patents: creating one through the
// form, finding it with basic, advanced (iql) and batch search, editing with a stale version, column
// settings that survive a reload, saved views, deleting with and without a selection, and screenshots
// of the list and the form in both languages.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errors, messages, translate } from '@ipdesk/core';
import { printCallsIfFailed, type BrowserSession } from './support/browser.js';
import {
  apiOf,
  chooseOption,
  columnTitles,
  createPatent,
  fillDate,
  rowKeys,
  signedInSession,
  waitForRows,
} from './support/models.js';
import { saveScreenshot, textOf, waitForText } from './support/page.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
let session: BrowserSession | undefined;
let expectedProblems: RegExp[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
afterEach(async (context) => {
  printCallsIfFailed(context.task.result?.state === 'fail', [session]);
  const problems = (session?.problems ?? []).filter((problem) => !expectedProblems.some((re) => re.test(problem)));
  await session?.close();
  session = undefined;
  expectedProblems = [];
  expect(problems).toEqual([]);
});

const zh = messages['zh-CN'];
const en = messages.en;
let run = 0;
/** A prefix no other test's records share (all tests use the demo tenant). */
const uniquePrefix = (): string => `E${Date.now().toString(36).toUpperCase()}${(run += 1)}`;

async function start(locale = 'zh-CN') {
  const started = await signedInSession(server, locale);
  session = started.session;
  const { page } = session;
  return { page, api: await apiOf(server, page) };
}

async function openAdvanced(page: BrowserSession['page']): Promise<void> {
  await page.getByTestId('search-mode-advance').click();
  await page.getByTestId('iql-input').waitFor();
}

/** Runs an advanced search and waits for these rows. */
async function advancedSearch(page: BrowserSession['page'], iql: string, rows: string[]): Promise<void> {
  await page.getByTestId('iql-input').fill(iql);
  await page.getByTestId('iql-search').click();
  await waitForRows(page, rows);
}

describe('patents through the generic pages', () => {
  it('creates a patent through the form, refusing a duplicate case number', async () => {
    const { page, api } = await start();
    const prefix = uniquePrefix();
    await page.getByText(zh['menu.patent']).first().click();
    await page.waitForURL(`${server.url}/ip/model/patent`);
    await page.getByTestId('model-new').click();
    await page.waitForURL(`${server.url}/ip/model/patent/new`);
    await waitForText(page, 'form-title', translate('zh-CN', 'modelForm.newTitle', { model: '专利' }));

    // Required fields are checked before anything is sent.
    await page.getByTestId('form-save').click();
    await page.getByText(translate('zh-CN', 'modelForm.required', { label: '专利名称' })).waitFor();
    await page.getByText(translate('zh-CN', 'modelForm.required', { label: '专利类型' })).waitFor();

    await page.getByTestId('field-title').fill(`${prefix} 一种固态电池`);
    await page.getByTestId('field-sn').fill(`${prefix}-1`);
    await chooseOption(page, 'field-patent_type', '发明');
    await chooseOption(page, 'field-country', '中国');
    await fillDate(page, 'field-filing_date', '2024-03-15');
    await page.getByTestId('field-abstract').fill('固态电解质与负极界面。');
    await page.waitForFunction(() => !document.querySelector('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)'));
    await saveScreenshot(page, 'model-form-zh-CN');
    await page.getByTestId('form-save').click();

    // The detail page, with the record's company added to the address (spec §2).
    await page.waitForURL(/\/ip\/model\/patent\/[0-9A-Za-z]{16}\?sub_company_sid=[0-9A-Za-z]{16}$/);
    await waitForText(page, 'detail-title', `${prefix} 一种固态电池`);
    expect(await textOf(page, 'detail-patent_type')).toBe('发明');
    expect(await textOf(page, 'detail-country')).toBe('中国');
    expect(await textOf(page, 'detail-filing_date')).toBe('2024-03-15');
    const sid = new URL(page.url()).pathname.split('/').at(-1) as string;
    const stored = await api<Record<string, unknown>>('GET', `/webapi/model/patent/${sid}`);
    expect(stored.body.data).toMatchObject({
      title: `${prefix} 一种固态电池`,
      sn: `${prefix}-1`,
      patent_type: 'invention',
      country: 'CN',
      filing_date: '2024-03-15',
      abstract: '固态电解质与负极界面。',
    });
    expect(new URL(page.url()).searchParams.get('sub_company_sid')).toBe(stored.body.data.company_sid);

    // The history says who created it with which values.
    await page.getByTestId('tab-history').click();
    await page.getByTestId('history-change-title').waitFor();
    expect(await textOf(page, 'history-actor')).toMatch(/^张/);
    await saveScreenshot(page, 'model-history-zh-CN');

    // The same case number again: the server's 409201 message above the form.
    expectedProblems = [/status of 409 \(Conflict\)/];
    await page.goto(server.appUrl('model/patent/new'));
    await page.getByTestId('field-title').fill(`${prefix} 另一件`);
    await page.getByTestId('field-sn').fill(`${prefix}-1`);
    await chooseOption(page, 'field-patent_type', '实用新型');
    await chooseOption(page, 'field-country', '美国');
    await page.getByTestId('form-save').click();
    await waitForText(page, 'form-error', `案号“${prefix}-1”已存在`);
  });

  it('finds patents with basic, advanced and batch search', async () => {
    const { page, api } = await start();
    const prefix = uniquePrefix();
    const battery = await createPatent(api, {
      title: `${prefix} O'Brien 电池`,
      sn: `${prefix}-A`,
      filing_date: '2024-01-31',
    });
    const motor = await createPatent(api, {
      title: `${prefix} 电机`,
      sn: `${prefix}-B`,
      patent_type: 'design',
      filing_date: '2023-06-01',
    });
    const third = await createPatent(api, {
      title: `${prefix} 电池壳体`,
      sn: `${prefix}-C`,
      patent_type: 'utility_model',
    });
    await page.goto(server.appUrl('model/patent'));
    await page.getByTestId('model-list').waitFor();

    // Basic: the title CONTAINS (with a quote), then a patent type IN, AND-ed.
    await page.getByTestId('basic-field-title').fill(`${prefix} O'Brien`);
    await page.getByTestId('basic-search').click();
    await waitForRows(page, [battery.sid]);
    expect(await textOf(page, 'current-iql')).toBe(`title CONTAINS '${prefix} O''Brien'`);
    await page.getByTestId('basic-field-title').fill(prefix);
    await chooseOption(page, 'basic-field-patent_type', '外观设计');
    await page.keyboard.press('Escape');
    await page.getByTestId('basic-search').click();
    await waitForRows(page, [motor.sid]);
    // The keyword box searches the keyword fields (MATCH).
    await page.getByTestId('basic-reset').click();
    await page.getByTestId('basic-keyword').fill(`${prefix}-C`);
    await page.getByTestId('basic-search').click();
    await waitForRows(page, [third.sid]);
    // The count follows the rows.
    await waitForText(page, 'list-total', translate('zh-CN', 'modelList.total', { total: '1' }));

    // Advanced: a mistake is shown with its position before anything is sent.
    await openAdvanced(page);
    await page.getByTestId('iql-input').fill(`sn STARTS WITH '${prefix}' AND`);
    const position = `sn STARTS WITH '${prefix}' AND`.length + 1;
    await waitForText(page, 'iql-error', translate('zh-CN', 'iql.error.endExpectedCondition', { position }));
    expect(await page.getByTestId('iql-search').isDisabled()).toBe(true);
    // Field names complete from the schema.
    await page.getByTestId('iql-input').fill(`sn STARTS WITH '${prefix}' AND fil`);
    await page.getByTestId('iql-suggestion-filing_date').click();
    expect(await page.getByTestId('iql-input').inputValue()).toBe(`sn STARTS WITH '${prefix}' AND filing_date`);
    await advancedSearch(page, `sn STARTS WITH '${prefix}' AND filing_date IS NOT NULL ORDER BY filing_date DESC`, [
      battery.sid,
      motor.sid,
    ]);
    await saveScreenshot(page, 'model-list-zh-CN');
    // A field the schema lacks is refused in the box, in the server's words, before anything is sent.
    await page.getByTestId('iql-input').fill('nope = 1');
    await waitForText(
      page,
      'iql-error',
      translate('zh-CN', 'iql.semantic.unknownField', { position: 1, field: 'nope' }),
    );
    expect(await page.getByTestId('iql-search').isDisabled()).toBe(true);
    // A field behind a relation is the server's to check: its refusal shows in the same place.
    expectedProblems = [/status of 400 \(Bad Request\)/];
    await page.getByTestId('iql-input').fill("agency.nope = 'x'");
    await page.getByTestId('iql-search').click();
    await page.getByTestId('iql-server-error').waitFor();
    expect(await textOf(page, 'iql-server-error')).toContain('agency.nope');

    // Batch: one case number per line (the default field is the unique one, the case number).
    await page.getByTestId('search-mode-batch').click();
    await page.getByTestId('batch-values').fill(`${prefix}-C\n\n${prefix}-A\n${prefix}-A\nnothing-${prefix}`);
    await waitForText(page, 'batch-count', translate('zh-CN', 'modelSearch.batchCount', { count: 3, max: 1000 }));
    await page.getByTestId('batch-search-submit').click();
    await waitForRows(page, [third.sid, battery.sid]);
    // More than 1000 values are refused with a message, and nothing is sent.
    const many = Array.from({ length: 1001 }, (_, i) => `${prefix}-${i}`).join('\n');
    await page.getByTestId('batch-values').fill(many);
    await page.getByTestId('batch-search-submit').click();
    await waitForText(page, 'batch-error', translate('zh-CN', 'modelSearch.batch.tooMany', { max: 1000, count: 1001 }));
    expect(await rowKeys(page)).toEqual([third.sid, battery.sid]);

    // Quick time range on top of the batch result: filed within the next 30 days (none of these).
    await page.getByTestId('batch-values').fill(`${prefix}-A\n${prefix}-B`);
    await page.getByTestId('batch-search-submit').click();
    await waitForRows(page, [motor.sid, battery.sid]);
    await page.getByText(zh['modelSearch.quick.next30Days']).click();
    await waitForRows(page, []);
    expect(await textOf(page, 'current-iql')).toBe(
      `sn IN ('${prefix}-A', '${prefix}-B') AND filing_date WITHIN NEXT 30 DAYS`,
    );
  });

  it('refuses a save over a newer version with the server message and reloads the current record', async () => {
    const { page, api } = await start();
    const prefix = uniquePrefix();
    const patent = await createPatent(api, { title: `${prefix} 原名称`, sn: `${prefix}-1` });
    await page.goto(server.appUrl(`model/patent/${patent.sid}/edit`));
    await expectValue(page, 'field-title', `${prefix} 原名称`);

    // Someone changes the record elsewhere meanwhile.
    const elsewhere = await api('POST', '/webapi/model/patent/do/update', {
      sid: patent.sid,
      version: patent.version,
      data: { title: `${prefix} 别处改的` },
    });
    expect(elsewhere.status).toBe(200);

    expectedProblems = [/status of 409 \(Conflict\)/];
    await page.getByTestId('field-title').fill(`${prefix} 我改的`);
    await page.getByTestId('form-save').click();
    await waitForText(page, 'form-conflict', translate('zh-CN', errors.conflict.messageKey));
    await saveScreenshot(page, 'model-conflict-zh-CN');
    await page.getByTestId('form-reload').click();
    await expectValue(page, 'field-title', `${prefix} 别处改的`);
    await page.getByTestId('field-title').fill(`${prefix} 我改的`);
    await page.getByTestId('form-save').click();
    await waitForText(page, 'detail-title', `${prefix} 我改的`);
    await page.getByTestId('tab-history').click();
    await page.getByTestId('history-change-title').first().waitFor();
    expect(await page.getByTestId('history-entry').count()).toBe(3);
  });

  it('keeps the chosen columns across a reload', async () => {
    const { page, api } = await start();
    const prefix = uniquePrefix();
    await createPatent(api, { title: `${prefix} 列设置`, sn: `${prefix}-1` });
    await page.goto(server.appUrl('model/patent'));
    await page.getByTestId('model-list').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.ant-table-tbody tr[data-row-key]').length > 0);
    expect(await columnTitles(page)).toEqual([
      '专利名称',
      '案号',
      '申请号',
      '专利类型',
      '国家/地区',
      '案件状态',
      '申请日',
      '操作',
    ]);

    await page.getByTestId('model-columns').click();
    await page.getByTestId('column-check-application_number').click();
    await page.getByTestId('column-check-status').click();
    await page.getByTestId('column-check-grant_date').click();
    await page.getByTestId('column-up-sn').click();
    await saveScreenshot(page, 'model-columns-zh-CN');
    await page.getByTestId('columns-save').click();
    await page.getByText(zh['modelColumns.saved']).waitFor();
    const chosen = ['案号', '专利名称', '专利类型', '国家/地区', '申请日', '授权日', '操作'];
    await page.waitForFunction(
      (expected) =>
        Array.from(document.querySelectorAll('.ant-table-thead th'))
          .filter((cell) => !cell.classList.contains('ant-table-selection-column'))
          .map((cell) => cell.textContent?.trim())
          .filter(Boolean)
          .join('|') === expected,
      chosen.join('|'),
    );

    await page.reload();
    await page.waitForFunction(() => document.querySelectorAll('.ant-table-tbody tr[data-row-key]').length > 0);
    await page.waitForFunction(() => document.querySelector('.ant-table-thead')?.textContent?.includes('授权日'));
    expect(await columnTitles(page)).toEqual(chosen);

    // Restoring the defaults saves "no choice": the model's default columns again, also after a reload.
    await page.getByTestId('model-columns').click();
    await page.getByTestId('columns-restore').click();
    await page.getByTestId('columns-save').click();
    await page.reload();
    await page.waitForFunction(() => document.querySelector('.ant-table-thead')?.textContent?.includes('申请号'));
    expect(await columnTitles(page)).toEqual([
      '专利名称',
      '案号',
      '申请号',
      '专利类型',
      '国家/地区',
      '案件状态',
      '申请日',
      '操作',
    ]);
  });

  it('saves a view, applies it and deletes it', async () => {
    const { page, api } = await start();
    const prefix = uniquePrefix();
    const first = await createPatent(api, { title: `${prefix} 视图一`, sn: `${prefix}-1` });
    const second = await createPatent(api, { title: `${prefix} 视图二`, sn: `${prefix}-2`, patent_type: 'design' });
    await page.goto(server.appUrl('model/patent'));
    await page.getByTestId('model-list').waitFor();
    await openAdvanced(page);
    const iql = `sn STARTS WITH '${prefix}' AND patent_type = 'design'`;
    await advancedSearch(page, iql, [second.sid]);

    await page.getByTestId('model-save-view').click();
    await page.getByTestId('view-name').fill(`${prefix} 外观`);
    await page.getByTestId('view-save-ok').click();
    await page.getByText(translate('zh-CN', 'modelViews.saved', { name: `${prefix} 外观` })).waitFor();
    // The same name again is refused before it is sent.
    await page.getByTestId('model-save-view').click();
    await page.getByTestId('view-name').fill(`${prefix} 外观`);
    await page.getByTestId('view-save-ok').click();
    await page.getByText(translate('zh-CN', 'modelViews.nameTaken', { name: `${prefix} 外观` })).waitFor();
    await page.keyboard.press('Escape');

    // Another search, then the view brings its query back.
    await advancedSearch(page, `sn STARTS WITH '${prefix}'`, [second.sid, first.sid]);
    await page.getByTestId('model-views').click();
    await waitForText(page, 'view-name-1', `${prefix} 外观`);
    await page.getByTestId('view-apply-1').click();
    await waitForRows(page, [second.sid]);
    expect(await textOf(page, 'current-iql')).toBe(iql);
    await waitForText(page, 'active-view', translate('zh-CN', 'modelViews.applied', { name: `${prefix} 外观` }));

    await page.getByTestId('model-views').click();
    await page.getByTestId('view-delete-1').click();
    await page.getByTestId('view-delete-ok').click();
    await page.getByText(zh['modelViews.deleted']).waitFor();
    const views = await api<unknown[]>('POST', '/webapi/model/user_define_config/do/search', { model: 'patent' });
    expect(views.body.data).toEqual([]);
  });

  it('deletes only with a selection, and from the detail page', async () => {
    const { page, api } = await start();
    const prefix = uniquePrefix();
    const a = await createPatent(api, { title: `${prefix} 删一`, sn: `${prefix}-1` });
    const b = await createPatent(api, { title: `${prefix} 删二`, sn: `${prefix}-2` });
    const c = await createPatent(api, { title: `${prefix} 删三`, sn: `${prefix}-3` });
    await page.goto(server.appUrl('model/patent'));
    await page.getByTestId('model-list').waitFor();
    await openAdvanced(page);
    await advancedSearch(page, `sn STARTS WITH '${prefix}' ORDER BY sn`, [a.sid, b.sid, c.sid]);

    await page.getByTestId('model-batch-delete').click();
    await page.getByText(zh['modelList.selectAtLeastOne']).waitFor();

    for (const sid of [a.sid, c.sid]) await page.locator(`tr[data-row-key="${sid}"] .ant-checkbox-input`).check();
    await waitForText(page, 'selected-count', translate('zh-CN', 'modelList.selected', { count: 2 }));
    await page.getByTestId('model-batch-delete').click();
    await waitForText(page, 'delete-confirm-title', translate('zh-CN', 'modelList.deleteConfirmTitle', { count: 2 }));
    await page.locator('.ant-modal-confirm-btns .ant-btn-dangerous').click();
    // Polled as the list of shown messages, so a failure says what was shown instead (a partial delete, or nothing).
    await expect
      .poll(() => page.locator('.ant-message-notice').allTextContents(), { timeout: 30_000 })
      .toContain(translate('zh-CN', 'modelList.deleted', { count: 2 }));
    await waitForRows(page, [b.sid]);
    expect((await api('GET', `/webapi/model/patent/${a.sid}`)).status).toBe(404);

    await page.getByTestId('record-link').click();
    await waitForText(page, 'detail-title', `${prefix} 删二`);
    await page.getByTestId('detail-delete').click();
    await page.locator('[data-testid="detail-delete-confirm"]:visible').waitFor();
    await page.locator('.ant-modal-confirm-btns .ant-btn-dangerous').click();
    await page.waitForURL(`${server.url}/ip/model/patent`);
    expect((await api('GET', `/webapi/model/patent/${b.sid}`)).status).toBe(404);
  });

  it('shows the list and the form in English', async () => {
    const { page, api } = await start('en-US');
    const prefix = uniquePrefix();
    await createPatent(api, { title: `${prefix} Solid-state battery`, sn: `${prefix}-1`, filing_date: '2024-02-01' });
    await page.getByText(en['menu.patent']).first().click();
    await waitForText(page, 'model-title', 'Patent');
    await page.getByTestId('basic-field-title').fill(prefix);
    await page.getByTestId('basic-search').click();
    await page.waitForFunction(() => document.querySelectorAll('.ant-table-tbody tr[data-row-key]').length === 1);
    expect(await columnTitles(page)).toEqual([
      'Title',
      'Case number',
      'Application number',
      'Patent type',
      'Country/region',
      'Status',
      'Filing date',
      en['modelList.actions'],
    ]);
    expect(await page.locator('.ant-table-tbody').textContent()).toContain('Invention');
    await waitForText(page, 'list-total', translate('en', 'modelList.total', { total: '1' }));
    await saveScreenshot(page, 'model-list-en');

    await page.getByTestId('model-new').click();
    await waitForText(page, 'form-title', translate('en', 'modelForm.newTitle', { model: 'Patent' }));
    await page.getByTestId('form-save').click();
    await page.getByText(translate('en', 'modelForm.required', { label: 'Title' })).waitFor();
    await saveScreenshot(page, 'model-form-en');
  });
  it('shows rows, then the count, and pages forward by cursor and back', async () => {
    const { page, api } = await start();
    const prefix = uniquePrefix();
    const sids: string[] = [];
    for (let i = 1; i <= 25; i++) {
      const sn = `${prefix}-${String(i).padStart(2, '0')}`;
      sids.push((await createPatent(api, { title: `${prefix} 电池 ${i}`, sn })).sid);
    }
    const searches: Array<Record<string, unknown>> = [];
    const counts: Array<Record<string, unknown>> = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/webapi/model/patent/do/search')) searches.push(request.postDataJSON());
      if (request.url().endsWith('/webapi/model/patent/do/count')) counts.push(request.postDataJSON());
    });
    await page.goto(`${server.url}/ip/model/patent`);
    await openAdvanced(page);
    await advancedSearch(page, `sn STARTS WITH '${prefix}' ORDER BY sn ASC`, sids.slice(0, 20));
    await waitForText(page, 'list-total', translate('zh-CN', 'modelList.total', { total: '25' }));
    expect(searches.at(-1)).toMatchObject({ total: false, page: 1 });
    // The embedded engine answers the estimate with the exact count: asked once, not twice.
    expect(counts.at(-1)).toEqual({ iql: `sn STARTS WITH '${prefix}' ORDER BY sn ASC`, estimate: true });

    await page.locator('.ant-pagination-next button').click();
    await waitForRows(page, sids.slice(20));
    expect(searches.at(-1)).toHaveProperty('cursor');
    expect(searches.at(-1)).not.toHaveProperty('page');

    await page.locator('.ant-pagination-prev button').click();
    await waitForRows(page, sids.slice(0, 20));
    await waitForText(page, 'list-total', translate('zh-CN', 'modelList.total', { total: '25' }));
  });
});

async function expectValue(page: BrowserSession['page'], testId: string, value: string): Promise<void> {
  await page.waitForFunction(
    ([id, expected]) =>
      (document.querySelector(`[data-testid="${id}"]`) as HTMLInputElement | null)?.value === expected,
    [testId, value] as const,
    { timeout: 15_000 },
  );
}
