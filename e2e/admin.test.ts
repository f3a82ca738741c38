// The model layer's administration and transfer in Chromium against the real server: a custom field
// published by a tenant administrator reaches users only after they sign in again (and then works in the
// form, the column settings and iql); xlsx import in both modes with a bad row; export of the current
// query; a dictionary option that is disabled cannot be chosen for new records. Screenshots of the
// custom field page and an import result in both languages.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MENUS, messages, translate } from '@ipdesk/core';
import { createUser, submitSignIn, type TestUser } from './support/accounts.js';
import type { BrowserSession } from './support/browser.js';
import { useBrowserSessions } from './support/sessions.js';
import { apiOf, chooseOption, createPatent, waitForRows } from './support/models.js';
import { saveScreenshot, waitForText } from './support/page.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
const browser = useBrowserSessions(() => server);

const zh = messages['zh-CN'];
/** The seeded menu group of the administration pages (names come from the tenant's menus). */
const systemMenu = DEFAULT_MENUS.find((m) => m.key === 'system')!.label.zh;
let run = 0;
const uniquePrefix = (): string => `A${Date.now().toString(36).toUpperCase()}${(run += 1)}`;

const signIn = (user: TestUser, locale?: string): Promise<BrowserSession> => browser.signIn(user, locale);

/**
 * Notices in the corner cover the header. Closed in the page, one pass per notice still there: a notice may
 * close itself meanwhile (a click on a located one that is gone waits until it times out).
 */
async function closeNotices(page: BrowserSession['page']): Promise<void> {
  await page.waitForFunction(() => {
    document.querySelectorAll<HTMLElement>('.ant-notification-notice-close').forEach((close) => close.click());
    return !document.querySelector('.ant-notification-notice');
  });
}

async function switchToEnglish(page: BrowserSession['page']): Promise<void> {
  await closeNotices(page);
  await page.getByTestId('language-switcher').click();
  await page.getByTestId('language-option-en').click();
  await page.getByText(messages.en['menu.patent']).first().waitFor();
}

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('data');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('custom fields take effect after signing in again', () => {
  it('publishes a text field that a signed-in user sees only after signing in again', async () => {
    const admin = await createUser(server, { isTenantAdmin: true, name: '管理员' });
    const user = await createUser(server);

    // The user is already working with patents (the schema of this session is fixed now).
    const userSession = await signIn(user);
    const page = userSession.page;
    // Users who are not administrators have no administration menu.
    await page.getByText(zh['menu.patent']).first().waitFor();
    expect(await page.getByText(systemMenu).count()).toBe(0);
    await page.goto(server.appUrl('model/patent/new'));
    await page.getByTestId('field-title').waitFor();

    // The administrator adds the field in edit mode and publishes outside it.
    const { page: adminPage } = await signIn(admin);
    await adminPage.getByText(systemMenu).first().click();
    await adminPage.getByText(zh['menu.customFields']).first().click();
    await adminPage.getByTestId('custom-fields-page').waitFor();
    await adminPage.getByTestId('custom-fields-edit-mode').click();
    expect(await adminPage.getByTestId('custom-fields-publish').isDisabled()).toBe(true);
    await adminPage.getByTestId('custom-fields-create').click();
    await adminPage.getByTestId('custom-field-code').fill('9grant');
    await adminPage.getByTestId('custom-field-name-zh').fill('资助编号');
    await adminPage.getByTestId('custom-field-name-en').fill('Grant number');
    await adminPage.getByTestId('custom-field-max').fill('300');
    await adminPage.getByTestId('custom-field-save').click();
    // Checked in the browser first: the identifier's pattern and the text cap of 255.
    await adminPage.getByText(translate('zh-CN', 'adminField.codePattern', { max: 48 })).waitFor();
    await adminPage.getByText(translate('zh-CN', 'adminField.lengthCap', { max: 255 })).waitFor();
    await adminPage.getByTestId('custom-field-code').fill('grant_no');
    await adminPage.getByTestId('custom-field-max').fill('40');
    await adminPage.getByTestId('custom-field-min').fill('50');
    await adminPage.getByText(zh['adminField.lengthOrder']).waitFor();
    await adminPage.getByTestId('custom-field-min').fill('2');
    // A new field starts as a list column and a search filter (the administrator could switch them off).
    expect(
      await adminPage.$$eval('[data-testid="custom-field-flags"] input:checked', (boxes) =>
        boxes.map((box) => box.getAttribute('value')),
      ),
    ).toEqual(['search_filter', 'table_column', 'import', 'export']);
    await adminPage.getByTestId('custom-field-save').click();
    await waitForText(
      adminPage,
      'custom-field-status-grant_no',
      `${zh['adminField.statusUnpublished']}${zh['adminField.hasDraft']}`,
    );
    await adminPage.getByTestId('custom-fields-edit-mode').click();
    await adminPage.getByTestId('custom-fields-publish').click();
    await adminPage.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
    await adminPage.getByTestId('publish-notice').waitFor();
    expect(await adminPage.getByTestId('publish-notice').textContent()).toContain('重新登录');
    await waitForText(adminPage, 'custom-field-status-grant_no', zh['adminField.statusPublished']);
    await adminPage.waitForFunction(() => !document.querySelector('.ant-modal-confirm'));
    await closeNotices(adminPage);
    await saveScreenshot(adminPage, 'custom-fields-zh-CN');

    // The same page in English.
    await switchToEnglish(adminPage);
    await waitForText(adminPage, 'custom-field-status-grant_no', messages.en['adminField.statusPublished']);
    await saveScreenshot(adminPage, 'custom-fields-en');

    // Still signed in: a reload keeps the session's schema, without the new field.
    await page.reload();
    await page.getByTestId('field-title').waitFor();
    expect(await page.getByTestId('field-grant_no').count()).toBe(0);

    // Signed in again: the field is in the form and the column settings, and iql finds its value.
    // The user menu opens on hover and click; under load a click can land while it is still opening, so the
    // sign-out is clicked again (once) when the page has not left.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      if (!(await page.getByTestId('menu-sign-out').isVisible())) await page.getByTestId('user-menu').click();
      await page.getByTestId('menu-sign-out').click();
      const left = await page
        .waitForURL(`${server.url}/ip/login`, { timeout: 10_000 })
        .then(() => true)
        .catch(() => false);
      if (left) break;
    }
    await page.waitForURL(`${server.url}/ip/login`);
    await submitSignIn(page, user.account, user.password);
    await page.getByTestId('home-page').waitFor();
    await page.goto(server.appUrl('model/patent/new'));
    const prefix = uniquePrefix();
    await page.getByTestId('field-grant_no').waitFor();
    await page.getByTestId('field-title').fill(`${prefix} 资助专利`);
    await page.getByTestId('field-sn').fill(`${prefix}-1`);
    await chooseOption(page, 'field-patent_type', '发明');
    await chooseOption(page, 'field-country', '中国');
    await page.getByTestId('field-grant_no').fill(`G-${prefix}`);
    await page.getByTestId('form-save').click();
    await page.waitForURL(/\/ip\/model\/patent\/[0-9A-Za-z]{16}\?/);
    const sid = new URL(page.url()).pathname.split('/').at(-1) as string;

    await page.goto(server.appUrl('model/patent'));
    await page.getByTestId('model-columns').click();
    await page.getByTestId('column-check-grant_no').waitFor();
    expect(await page.getByTestId('columns-available').textContent()).toContain('资助编号');
    // Published without touching its flags, it is a list column and a search filter by default.
    expect(await page.getByTestId('column-check-grant_no').isChecked()).toBe(true);
    await page.locator('.ant-modal-close').click();
    await page.waitForFunction(() => !document.querySelector('.ant-modal-wrap:not([style*="display: none"])'));
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('.ant-table-thead th')).some((th) => th.textContent?.trim() === '资助编号'),
    );
    await page.getByTestId('basic-expand').click();
    await page.getByTestId('basic-field-grant_no').waitFor();
    await page.getByTestId('search-mode-advance').click();
    await page.getByTestId('iql-input').fill(`grant_no = 'G-${prefix}'`);
    await page.getByTestId('iql-search').click();
    await waitForRows(page, [sid]);
  }, 120_000); // two sessions, two sign-ins, a publish and three searches: past a minute on a busy machine
});

describe('import and export', () => {
  it('imports nothing with a bad row in all-or-nothing mode, the good rows in valid-only mode', async () => {
    const user = await createUser(server);
    const { page } = await signIn(user);
    const prefix = uniquePrefix();
    const file = await workbook([
      ['title', 'sn', 'patent_type', 'country'],
      [`${prefix} 导入一`, `${prefix}-1`, '发明', '中国'],
      ['', `${prefix}-2`, '发明', '中国'],
      [`${prefix} 导入三`, `${prefix}-3`, '外观设计', '美国'],
    ]);
    const api = await apiOf(server, page);
    const count = async () =>
      (await api<{ total: number }>('POST', '/webapi/model/patent/do/count', { iql: `sn STARTS WITH '${prefix}'` }))
        .body.data.total;

    await page.goto(server.appUrl('model/patent'));
    await page.getByTestId('model-import').click();
    // Only .xlsx files are taken.
    await page.locator('[data-testid="import-dialog"] input[type=file]').setInputFiles({
      name: 'rows.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('a,b'),
    });
    await page.getByText(zh['transfer.onlyXlsx']).waitFor();
    const chooseFile = () =>
      page.locator('[data-testid="import-dialog"] input[type=file]').setInputFiles({
        name: 'patents.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: file,
      });
    await chooseFile();
    await page.getByTestId('import-start').click();
    await waitForText(page, 'import-result-title', translate('zh-CN', 'transfer.nothingImported', { errors: 1 }));
    const errorRows = await page.$$eval('[data-testid="import-errors"] .ant-table-tbody tr', (rows) =>
      rows.map((row) => row.textContent ?? ''),
    );
    expect(errorRows).toHaveLength(1);
    expect(errorRows[0]).toMatch(/^3.*专利名称/);
    expect(await count()).toBe(0);
    await saveScreenshot(page, 'import-result-zh-CN');

    await page.getByTestId('import-again').click();
    await chooseFile();
    await page.getByTestId('import-mode-valid').click();
    await page.getByTestId('import-start').click();
    await waitForText(page, 'import-result-title', translate('zh-CN', 'transfer.partly', { imported: 2, errors: 1 }));
    expect(await count()).toBe(2);
    await page.getByTestId('import-close').click();

    // The result in English (the two good rows are there now: their case numbers are taken).
    await switchToEnglish(page);
    const enPage = page;
    await enPage.getByTestId('model-import').click();
    await enPage.locator('[data-testid="import-dialog"] input[type=file]').setInputFiles({
      name: 'patents.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await enPage.getByTestId('import-start').click();
    await waitForText(enPage, 'import-result-title', translate('en', 'transfer.nothingImported', { errors: 3 }));
    await saveScreenshot(enPage, 'import-result-en');
  });

  it('downloads the template and exports the current query as xlsx', async () => {
    const user = await createUser(server);
    const { page } = await signIn(user);
    const api = await apiOf(server, page);
    const prefix = uniquePrefix();
    await createPatent(api, { title: `${prefix} 导出专利`, sn: `${prefix}-X` });

    await page.goto(server.appUrl('model/patent'));
    const [template] = await Promise.all([page.waitForEvent('download'), page.getByTestId('model-template').click()]);
    expect(template.suggestedFilename()).toMatch(/\.xlsx$/);

    await page.getByTestId('search-mode-advance').click();
    await page.getByTestId('iql-input').fill(`sn = '${prefix}-X'`);
    await page.getByTestId('iql-search').click();
    await page.waitForFunction(() => document.querySelectorAll('.ant-table-tbody tr[data-row-key]').length === 1);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('model-export').click()]);
    const downloaded = await download.path();
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(downloaded);
    const values = book.worksheets[0]?.getSheetValues().flat().map(String) ?? [];
    expect(values).toContain(`${prefix} 导出专利`);
  });
});

describe('data dictionary', () => {
  it('adds an option and disables it, after which new records cannot choose it', async () => {
    const admin = await createUser(server, { isTenantAdmin: true });
    const { page } = await signIn(admin);
    const key = `k${uniquePrefix().toLowerCase()}`;
    await page.goto(server.appUrl('admin/dictionaries'));
    await page.getByTestId('dictionary-page').waitFor();
    await chooseOption(page, 'dictionary-name', '专利状态 (patent_status)');
    await page.getByTestId('dictionary-add').click();
    await page.getByTestId('dictionary-new-key').fill('bad key');
    await page.getByTestId('dictionary-new-zh').fill('复审中');
    await page.getByTestId('dictionary-new-en').fill('In re-examination');
    await page.getByTestId('dictionary-add-ok').click();
    await page.getByText(zh['adminDict.keyPattern']).waitFor();
    await page.getByTestId('dictionary-new-key').fill(key);
    await page.getByTestId('dictionary-add-ok').click();
    await page.getByTestId(`dictionary-enabled-${key}`).waitFor();
    // No delete action anywhere on the page.
    expect(await page.getByRole('button', { name: /删除/ }).count()).toBe(0);

    // While enabled, a new patent can choose it.
    await page.goto(server.appUrl('model/patent/new'));
    await page.getByTestId('field-status').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="复审中"]').waitFor();

    await page.goto(server.appUrl('admin/dictionaries'));
    await chooseOption(page, 'dictionary-name', '专利状态 (patent_status)');
    await page.getByTestId(`dictionary-enabled-${key}`).click();
    await page.waitForFunction(
      (id) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute('aria-checked') === 'false',
      `dictionary-enabled-${key}`,
    );

    await page.goto(server.appUrl('model/patent/new'));
    await page.getByTestId('field-status').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().waitFor();
    expect(await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="复审中"]').count()).toBe(0);
    // And the server refuses it too.
    const api = await apiOf(server, page);
    const refused = await api('POST', '/webapi/model/patent/do/create', {
      data: { title: `${key} x`, sn: `${key}-1`, patent_type: 'invention', country: 'CN', status: key },
    });
    expect(refused.status).toBe(400);
  });
});
