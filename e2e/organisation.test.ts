// Organisation, people, roles and permissions in Chromium against the real server, all through the UI
// in zh-CN: an administrator creates a department, a role limited to viewing patents with one patent field
// hidden, and a person in that department with a login account holding the role. Signed in as that person
// (after the forced password change), the shell offers only Home and Patents, the patent list and detail
// leave the hidden field out, nothing can be created, and the roles page answers with the 403 page.
// Screenshots: the role's function permissions, and the person's limited shell.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_CATALOG, cnCheckCharacter, messages, translate } from '@ipdesk/core';
import { createUser, submitSignIn, type TestUser } from './support/accounts.js';
import type { BrowserSession } from './support/browser.js';
import { useBrowserSessions } from './support/sessions.js';
import { chooseOption, columnTitles, waitForRows } from './support/models.js';
import { menuEntry, menuName, openMenu, shownMenuNames } from './support/org.js';
import { saveScreenshot, textOf, waitForText } from './support/page.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
const browser = useBrowserSessions(() => server);

const zh = messages['zh-CN'];
type Page = BrowserSession['page'];

const newSession = async (): Promise<Page> => (await browser.open()).page;
const signIn = async (user: TestUser): Promise<Page> => (await browser.signIn(user)).page;

/** antd's messages and notices in the corner cover buttons of the header and drawers. */
async function waitForMessage(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
}

/** The sid at the end of a record page's address. */
function recordSid(page: Page): string {
  return new URL(page.url()).pathname.split('/').at(-1) as string;
}

const DEPARTMENT = '专利工程部';
const ROLE = { code: 'patent_viewer', name: '专利查看员' };
const PERSON = '周八';
/** Not required, a default list column and shown on the detail page: the field the role hides. */
const HIDDEN_FIELD = 'application_number';
/** The zh-CN labels of the patent model and its fields, as declared in core. */
const patentModel = MODEL_CATALOG.find((model) => model.name === 'patent');
function patentLabel(field?: string): string {
  const label = field ? patentModel?.fields[field]?.label : patentModel?.label;
  if (!label) throw new Error(`no patent label ${field ?? ''}`);
  return label.zh;
}
const HIDDEN_LABEL = patentLabel(HIDDEN_FIELD);

describe('organisation, people, roles and permissions', () => {
  // A long scenario (two sessions, five pages): about 25 s alone, more beside other work.
  it(
    'limits a person to the menus and fields of the role an administrator gave them',
    { timeout: 120_000 },
    async () => {
      const unique = Date.now().toString(36);
      const admin = await createUser(server, { isTenantAdmin: true, name: '管理员' });
      const page = await signIn(admin);

      // 1. A department under the root company, through 系统设置 → 组织机构.
      await openMenu(page, menuName('system'), menuName('org'));
      await page.waitForURL(/\/ip\/admin\/org$/);
      await page.getByTestId(`company-node-${server.tenantSid}`).click();
      await page.getByTestId('org-departments').waitFor();
      await page.getByTestId('department-create').click();
      await page.getByTestId('department-name').fill(DEPARTMENT);
      await page.getByTestId('department-save').click();
      await waitForMessage(page, zh['adminOrg.saved']);
      await page.getByTestId('department-table').getByText(DEPARTMENT, { exact: true }).waitFor();

      // 2. An enterprise role that may only view patents, with the application number hidden, and whose
      //    data scope is the company (a new role sees only its users' own records, the patent below is
      //    the administrator's).
      await openMenu(page, menuName('system'), menuName('roles'));
      await page.waitForURL(/\/ip\/admin\/roles$/);
      await page.getByTestId('role-create').click();
      await page.getByTestId('role-code').fill(ROLE.code);
      await page.getByTestId('role-name').fill(ROLE.name);
      await page.getByTestId('role-save').click();
      await waitForMessage(page, zh['adminRole.created']);
      await page.getByTestId(`role-name-${ROLE.code}`).waitFor();
      // The new role is selected: its permissions open beside the list, nothing granted yet.
      const panel = page.getByTestId('role-permissions');
      await panel.getByText(ROLE.name, { exact: true }).waitFor();
      const tree = page.getByTestId('role-function-permissions');
      await tree.getByTestId('resource-patent').waitFor();
      const checkedResources = () =>
        tree
          .locator('.ant-tree-treenode:has(.ant-tree-checkbox-checked) [data-testid^="resource-"]')
          .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')));
      // Only the open Home is ticked (and cannot be unticked).
      expect(await checkedResources()).toEqual(['resource-home']);
      await tree.locator('.ant-tree-treenode:has([data-testid="resource-patent"]) .ant-tree-checkbox').click();
      await page.getByTestId('role-permissions-dirty').waitFor();
      expect(await checkedResources()).toEqual(['resource-home', 'resource-patent']);

      await panel.getByRole('tab', { name: zh['adminRole.tab.field'] }).click();
      const fields = page.getByTestId('role-field-permissions');
      await fields.getByTestId(`role-field-${HIDDEN_FIELD}`).waitFor();
      await chooseOption(page, 'role-field-model', patentLabel());
      await fields
        .getByTestId(`role-field-${HIDDEN_FIELD}`)
        .getByText(zh['adminRole.fieldChoice.hidden'], { exact: true })
        .click();
      await fields
        .getByTestId('role-field-model')
        .getByText(translate('zh-CN', 'adminRole.fieldModelWithRules', { model: patentLabel(), count: 1 }), {
          exact: true,
        })
        .waitFor();

      await panel.getByRole('tab', { name: zh['adminRole.tab.data'] }).click();
      await page.getByTestId('role-data-scope').getByText(zh['adminRole.scope.company'], { exact: true }).click();

      await page.getByTestId('role-permissions-save').click();
      await waitForMessage(page, zh['adminRole.permissionsSaved']);
      await page.getByTestId('role-permissions-dirty').waitFor({ state: 'detached' });
      await panel.getByRole('tab', { name: zh['adminRole.tab.function'] }).click();
      expect(await checkedResources()).toEqual(['resource-home', 'resource-patent']);
      await page.locator('.ant-message-notice').first().waitFor({ state: 'detached' });
      await saveScreenshot(page, 'role-function-permissions-zh-CN');

      // 3. A person in the department, with a login account holding the role (系统设置 → 人员管理).
      await openMenu(page, menuName('system'), menuName('person'));
      await page.waitForURL(/\/ip\/model\/person$/);
      await page.getByTestId('model-new').click();
      await page.getByTestId('field-name').fill(PERSON);
      await page.getByTestId('field-department').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: DEPARTMENT })
        .click();
      await page.getByTestId('form-save').click();
      await page.waitForURL(/\/ip\/model\/person\/[0-9A-Za-z]{16}\?/);
      await waitForText(page, 'detail-title', PERSON);
      expect(await textOf(page, 'detail-department')).toBe(DEPARTMENT);

      const account = `zhouba.${unique}`;
      await page.getByTestId('open-account').click();
      await page.getByTestId('open-account-name').fill(account);
      await page.getByTestId('open-account-roles').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${ROLE.name}$`) })
        .click();
      await page.keyboard.press('Escape');
      await page.getByTestId('open-account-submit').click();
      await page.getByTestId('initial-password-dialog').waitFor();
      expect(await textOf(page, 'initial-account')).toBe(account);
      const initialPassword = (await textOf(page, 'initial-password')).trim();
      expect(initialPassword.length).toBeGreaterThanOrEqual(8);
      await page.getByTestId('initial-password-done').click();
      await page.getByTestId('initial-password-dialog').waitFor({ state: 'detached' });

      // 4. A patent with the field filled, so the person's list has a row. Through the form: it is short.
      // A CN number with its check character (ZC 0006-2003), unique to this run.
      const appNoBody = `20251${String(Date.now()).slice(-7)}`;
      const appNo = `${appNoBody}.${cnCheckCharacter(appNoBody)}`;
      await openMenu(page, menuName('patent'));
      await page.waitForURL(/\/ip\/model\/patent$/);
      await page.getByTestId('model-new').click();
      await page.getByTestId('field-title').fill(`${unique} 一种专利工程方法`);
      await page.getByTestId('field-sn').fill(`PE-${unique}`);
      await chooseOption(page, 'field-patent_type', '发明');
      await chooseOption(page, 'field-country', '中国');
      await page.getByTestId(`field-${HIDDEN_FIELD}`).fill(appNo);
      await page.getByTestId('form-save').click();
      await page.waitForURL(/\/ip\/model\/patent\/[0-9A-Za-z]{16}\?/);
      const patentSid = recordSid(page);
      await waitForText(page, `detail-${HIDDEN_FIELD}`, appNo);

      // 5. The person signs in with the initial password, must change it, then sees the limited shell.
      const person = await newSession();
      await person.goto(server.appUrl('login'));
      await submitSignIn(person, account, initialPassword);
      await person.waitForURL(`${server.url}/ip/change-password?forced=1`);
      await waitForText(person, 'change-password-title', zh['changePassword.forcedTitle']);
      const newPassword = `Zhou#${unique}8a`;
      await person.getByTestId('old-password').fill(initialPassword);
      await person.getByTestId('new-password').fill(newPassword);
      await person.getByTestId('confirm-password').fill(newPassword);
      await person.getByTestId('change-password-submit').click();
      await person.waitForURL(`${server.url}/ip/`);
      await person.getByTestId('home-page').waitFor();
      await waitForText(person, 'header-user-name', PERSON);

      await menuEntry(person, menuName('patent')).waitFor();
      expect(await shownMenuNames(person)).toEqual([menuName('home'), menuName('my_work'), menuName('patent')]);
      expect(await menuEntry(person, menuName('system')).count()).toBe(0);
      expect(await menuEntry(person, menuName('trademarks')).count()).toBe(0);
      await person.locator('.ant-message-notice').first().waitFor({ state: 'detached' });
      await saveScreenshot(person, 'person-limited-shell-zh-CN');

      // The patent list: the row, without the hidden column, and no button to create.
      await openMenu(person, menuName('patent'));
      await person.waitForURL(/\/ip\/model\/patent$/);
      await waitForRows(person, [patentSid]);
      const titles = await columnTitles(person);
      expect(titles).toContain(patentLabel('title'));
      expect(titles).not.toContain(HIDDEN_LABEL);
      expect(await person.getByTestId('model-list').textContent()).not.toContain(appNo);
      expect(await person.getByTestId('model-new').count()).toBe(0);
      expect(await person.getByTestId('model-import').count()).toBe(0);
      // Neither among the search filters nor among the columns one may choose.
      await person.getByTestId('basic-expand').click();
      await person.getByTestId('basic-search-form').getByText(patentLabel('filing_date'), { exact: true }).waitFor();
      expect(await person.getByTestId('basic-search-form').textContent()).not.toContain(HIDDEN_LABEL);
      await person.getByTestId('model-columns').click();
      await person.getByTestId('column-check-title').waitFor();
      expect(await person.getByTestId(`column-check-${HIDDEN_FIELD}`).count()).toBe(0);
      // By its exact label: other fields' labels contain it (优先权申请号).
      expect(await person.getByTestId('columns-available').getByText(HIDDEN_LABEL, { exact: true }).count()).toBe(0);
      await person.locator('.ant-modal-close').click();
      await person.waitForFunction(() => !document.querySelector('.ant-modal-wrap:not([style*="display: none"])'));
      await saveScreenshot(person, 'person-patent-list-zh-CN');

      // The detail page: no such field, and nothing to edit or delete.
      await person.getByTestId(`row-view-${patentSid}`).click();
      await person.waitForURL(new RegExp(`/ip/model/patent/${patentSid}`));
      await waitForText(person, 'detail-title', `${unique} 一种专利工程方法`);
      await person.getByTestId('detail-sn').waitFor();
      expect(await person.getByTestId(`detail-${HIDDEN_FIELD}`).count()).toBe(0);
      expect(await person.getByTestId('model-detail').getByText(HIDDEN_LABEL, { exact: true }).count()).toBe(0);
      expect(await person.getByTestId('model-detail').textContent()).not.toContain(appNo);
      expect(await person.getByTestId('detail-edit').count()).toBe(0);
      expect(await person.getByTestId('detail-delete').count()).toBe(0);

      // The roles page, asked for by its address: the no-permission page.
      await person.goto(server.appUrl('admin/roles'));
      await person.waitForURL(`${server.url}/ip/403`);
      await waitForText(person, 'result-title', zh['page.forbidden.title']);
      expect(await person.getByTestId('roles-page').count()).toBe(0);
    },
  );
});
