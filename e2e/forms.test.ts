// The generic form in Chromium against the real server (issue 14): a patent's applicants and IPC classes
// entered as several values, read back, one of each removed on edit, in zh-CN and in English; a server
// error after clicking Save at the bottom of the long patent form brings the failing field into view with
// the focus and its message; a pasted over-long value is kept as pasted, counted, and refused.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages, translate, type Language } from '@ipdesk/core';
import { printCallsIfFailed, type BrowserSession } from './support/browser.js';
import { apiOf, chooseOption, createPatent, signedInSession } from './support/models.js';
import { saveScreenshot, waitForText } from './support/page.js';
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

let run = 0;
/** A prefix no other test's records share (all tests use the demo tenant). */
const uniquePrefix = (): string => `F${Date.now().toString(36).toUpperCase()}${(run += 1)}`;

async function start(locale: Language) {
  const started = await signedInSession(server, locale);
  session = started.session;
  return { page: session.page, api: await apiOf(server, session.page) };
}

/** Adds values to a tag box the way a user does: type one, Enter, the next. */
async function addTags(page: Page, testId: string, values: readonly string[]): Promise<void> {
  await page.getByTestId(testId).click();
  for (const value of values) {
    await page.keyboard.type(value);
    await page.keyboard.press('Enter');
  }
}

/** Picks records in a reference picker as a user does: type a name, choose it from what the search found. */
async function pickRecords(page: Page, testId: string, names: readonly string[]): Promise<void> {
  await page.getByTestId(testId).click();
  for (const name of names) {
    await page.keyboard.type(name);
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${name}"]`).click();
  }
  await page.keyboard.press('Escape');
}

/** The records a multiple picker holds, by their titles, in order. */
async function chosenOf(page: Page, testId: string): Promise<string[]> {
  return page.$$eval(`[data-testid="${testId}"] .ant-select-selection-item`, (items) =>
    items.map((item) => item.getAttribute('title') ?? ''),
  );
}

/** The values a tag box shows, in order. */
async function tagsOf(page: Page, testId: string): Promise<string[]> {
  return page.$$eval(`[data-testid="${testId}-tag"]`, (tags) => tags.map((tag) => tag.textContent?.trim() ?? ''));
}

/** Whether the element is inside the window (not scrolled out of sight). */
async function inView(page: Page, selector: string): Promise<boolean> {
  return page.$eval(selector, (element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });
}

const LANGUAGES: Array<{ language: Language; type: string; country: string }> = [
  { language: 'zh-CN', type: '发明', country: '中国' },
  { language: 'en', type: 'Invention', country: 'China' },
];

describe('multiple values in the patent form', () => {
  it.each(LANGUAGES)('saves, shows and edits two applicants and two IPC classes ($language)', async (case_) => {
    const { page, api } = await start(case_.language);
    const text = messages[case_.language];
    const separator = text['model.listSeparator'];
    const prefix = uniquePrefix();
    // Applicants are records of their own, picked by name (issue 18).
    const huawei = `华为技术有限公司 ${prefix}`;
    const acme = `Acme Co., Ltd. ${prefix}`;
    for (const name of [huawei, acme]) {
      const created = await api('POST', '/webapi/model/applicant/do/create', { data: { name } });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
    }
    await page.goto(server.appUrl('model/patent/new'));
    await page.getByTestId('field-title').fill(`${prefix} 一种电池`);
    await page.getByTestId('field-sn').fill(`${prefix}-1`);
    await chooseOption(page, 'field-patent_type', case_.type);
    await chooseOption(page, 'field-country', case_.country);
    await pickRecords(page, 'field-applicants', [huawei, acme]);
    await addTags(page, 'field-ipc', ['H01M 10/052', 'G06F 16/00']);
    expect(await chosenOf(page, 'field-applicants')).toEqual([huawei, acme]);
    await saveScreenshot(page, `form-multiple-values-${case_.language}`);
    await page.getByTestId('form-save').click();
    await page.waitForURL(/\/ip\/model\/patent\/[0-9A-Za-z]{16}\?sub_company_sid=/);

    // Reopened: the detail page and the edit form hold both values, named, in their order.
    await waitForText(page, 'detail-applicants', `${huawei}${separator}${acme}`);
    await waitForText(page, 'detail-ipc', `H01M 10/052${separator}G06F 16/00`);
    await page.getByTestId('detail-edit').click();
    await page.getByTestId('model-form').waitFor();
    await page.locator(`[data-testid="field-applicants"] .ant-select-selection-item[title="${acme}"]`).waitFor();
    expect(await chosenOf(page, 'field-applicants')).toEqual([huawei, acme]);
    expect(await tagsOf(page, 'field-ipc')).toEqual(['H01M 10/052', 'G06F 16/00']);

    // One of each edited away, saved, reopened.
    await page
      .locator(`[data-testid="field-applicants"] .ant-select-selection-item[title="${acme}"]`)
      .locator('.ant-select-selection-item-remove')
      .click();
    await page
      .locator('[data-testid="field-ipc-tag"]', { hasText: 'H01M 10/052' })
      .locator('.ant-tag-close-icon')
      .click();
    await page.getByTestId('form-save').click();
    await waitForText(page, 'detail-applicants', huawei);
    await waitForText(page, 'detail-ipc', 'G06F 16/00');
    await page.reload();
    await waitForText(page, 'detail-applicants', huawei);
    await waitForText(page, 'detail-ipc', 'G06F 16/00');
    await page.getByTestId('detail-edit').click();
    await page.getByTestId('model-form').waitFor();
    await page.locator(`[data-testid="field-applicants"] .ant-select-selection-item[title="${huawei}"]`).waitFor();
    expect(await chosenOf(page, 'field-applicants')).toEqual([huawei]);
    expect(await tagsOf(page, 'field-ipc')).toEqual(['G06F 16/00']);
  });
});

describe("the long form's failures", () => {
  it("brings the server's failing field into view, focused, with its message, after Save at the bottom", async () => {
    const { page, api } = await start('zh-CN');
    const prefix = uniquePrefix();
    const sn = `${prefix}-TAKEN`;
    await createPatent(api, { title: `${prefix} 已有`, sn });
    await page.goto(server.appUrl('model/patent/new'));
    await page.getByTestId('field-title').fill(`${prefix} 新案`);
    await page.getByTestId('field-sn').fill(sn);
    await chooseOption(page, 'field-patent_type', '发明');
    await chooseOption(page, 'field-country', '中国');
    // The user scrolls down the long form and saves there: the case number is out of sight.
    await page.getByTestId('form-save').scrollIntoViewIfNeeded();
    expect(await inView(page, '[data-testid="field-sn"]')).toBe(false);
    expectedProblems = [/status of 409 \(Conflict\)/];
    await page.getByTestId('form-save').click();

    const message = translate('zh-CN', 'error.duplicateValue', { label: '案号', value: sn });
    await page.waitForFunction(
      (expected) =>
        document.querySelector('[data-testid="item-sn"] .ant-form-item-explain-error')?.textContent === expected,
      message,
    );
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'field-sn');
    await page.waitForFunction(() => {
      const box = document.querySelector('[data-testid="field-sn"]')?.getBoundingClientRect();
      return box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight;
    });
    await saveScreenshot(page, 'form-server-error-scrolled-zh-CN');
  });

  it('keeps a pasted over-long value as pasted, counts it and refuses it', async () => {
    const { page } = await start('zh-CN');
    const prefix = uniquePrefix();
    await page.goto(server.appUrl('model/patent/new'));
    await page.getByTestId('field-title').fill(`${prefix} 粘贴`);
    await chooseOption(page, 'field-patent_type', '发明');
    await chooseOption(page, 'field-country', '中国');
    // 70 characters pasted into a case number of at most 64: nothing is cut.
    const pasted = `${prefix}-${'9'.repeat(70 - prefix.length - 1)}`;
    await page.getByTestId('field-sn').click();
    await page.keyboard.insertText(pasted);
    expect(await page.getByTestId('field-sn').inputValue()).toBe(pasted);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="item-sn"] .ant-input-show-count-suffix')?.textContent === '70 / 64',
    );
    await page.getByTestId('form-save').click();
    await page.waitForFunction(
      (expected) =>
        document.querySelector('[data-testid="item-sn"] .ant-form-item-explain-error')?.textContent === expected,
      translate('zh-CN', 'validation.tooBig.string', { maximum: 64 }),
    );
    expect(page.url()).toContain('/model/patent/new');
    expect(await page.getByTestId('field-sn').inputValue()).toBe(pasted);
  });
});
