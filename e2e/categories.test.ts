// Category trees in Chromium against the real server: a tenant administrator builds a two-level product
// category tree on its admin page (System settings → Product categories) and picks the leaf with the
// cascader in a patent's custom field of the kind productCategory; the case stores the leaf's sid and
// its page reads the category by name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './support/accounts.js';
import { useBrowserSessions } from './support/sessions.js';
import { apiOf, chooseOption } from './support/models.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
const browser = useBrowserSessions(() => server);

describe('category trees', () => {
  it('are built on their admin page and picked with the cascader in a patent form', async () => {
    const admin = await createUser(server, { isTenantAdmin: true, name: '管理员' });
    const { page } = await browser.signIn(admin);
    const api = await apiOf(server, page);
    const prefix = `C${Date.now().toString(36).toUpperCase()}`;
    const field = `line_${prefix.toLowerCase()}`;
    // The custom field, published before this session first reads the patent schema.
    const created = await api('POST', '/webapi/model/custom_field/do/create', {
      model: 'patent',
      code: field,
      definition: { name_zh: '产品线', name_en: 'Product line', kind: 'productCategory' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect((await api('POST', '/webapi/model/custom_field/do/publish', { model: 'patent' })).status).toBe(200);

    // The tree: a top-level category and one under it.
    await page.goto(server.appUrl('model/product_category'));
    const add = async (name: string, code: string) => {
      await page.getByTestId('category-name').fill(name);
      await page.getByTestId('category-code').fill(code);
      await page.getByTestId('category-save').click();
      await page.getByTestId(`category-node-${code}`).waitFor();
    };
    await page.getByTestId('category-add-root').click();
    await add(`${prefix} 电子`, `${prefix}-E`);
    await page.getByTestId(`category-node-${prefix}-E`).getByTestId('category-add-child').click();
    await add(`${prefix} 半导体`, `${prefix}-E1`);

    // The case form: the leaf picked through its parent, shown by its path.
    await page.goto(server.appUrl('model/patent/new'));
    await page.getByTestId(`field-${field}`).waitFor();
    await page.getByTestId('field-title').fill(`${prefix} 分类专利`);
    await page.getByTestId('field-sn').fill(`${prefix}-1`);
    await chooseOption(page, 'field-patent_type', '发明');
    await chooseOption(page, 'field-country', '中国');
    await page.getByTestId(`field-${field}`).click();
    await page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu-item', { hasText: `${prefix} 电子` }).click();
    await page
      .locator('.ant-cascader-dropdown:visible .ant-cascader-menu-item', { hasText: `${prefix} 半导体` })
      .click();
    await expect
      .poll(() => page.getByTestId(`field-${field}`).innerText())
      .toContain(`${prefix} 电子 / ${prefix} 半导体`);
    await page.keyboard.press('Escape');
    await page.getByTestId('form-save').click();
    await page.waitForURL(/\/ip\/model\/patent\/[0-9A-Za-z]{16}\?/);
    const sid = new URL(page.url()).pathname.split('/').at(-1) as string;

    // Stored as the leaf's sid, read by its name.
    const leaf = await api<{ rows: Array<{ sid: string }> }>('POST', '/webapi/model/product_category/do/search', {
      iql: `code = '${prefix}-E1'`,
    });
    const read = await api<Record<string, unknown>>('GET', `/webapi/model/patent/${sid}`);
    expect(read.body.data[field]).toBe(leaf.body.data.rows[0]!.sid);
    await expect.poll(() => page.getByTestId(`detail-${field}`).innerText()).toBe(`${prefix} 半导体`);
  }, 60_000);
});
