// Files in fields in Chromium against the real server (issue 18): a tenant's custom figure field on
// projects; a PNG chosen in the new-record form is uploaded, saved with the record and shown as a decoded
// thumbnail on its detail page (fetched with the session, shown from a blob: URL under the page's CSP).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './support/accounts.js';
import { apiOf } from './support/models.js';
import { saveScreenshot } from './support/page.js';
import { useBrowserSessions } from './support/sessions.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
const browser = useBrowserSessions(() => server);

/** A real 1 × 1 PNG, which the browser decodes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('files in fields', () => {
  it('uploads a PNG as a figure of a project in the form and shows its thumbnail on the record', async () => {
    const stamp = Date.now().toString(36).toUpperCase();
    const code = `figures_${stamp.toLowerCase()}`;
    // The administrator adds and publishes the field; a session signed in afterwards has it.
    const admin = await browser.signIn(await createUser(server, { isTenantAdmin: true }));
    const api = await apiOf(server, admin.page);
    const created = await api('POST', '/webapi/model/custom_field/do/create', {
      model: 'project',
      code,
      definition: { name_zh: '项目附图', name_en: 'Project figures', kind: 'figure' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const published = await api('POST', '/webapi/model/custom_field/do/publish', { model: 'project' });
    expect(published.status, JSON.stringify(published.body)).toBe(200);

    const { page } = await browser.signIn(await createUser(server, { isTenantAdmin: true }));
    await page.goto(server.appUrl('model/project/new'));
    await page.getByTestId(`field-${code}`).waitFor();
    await page.getByTestId('field-name').fill(`E2E ${stamp} 外观项目`);
    await page.getByTestId('field-code').fill(`E2E-${stamp}`);
    await page
      .getByTestId(`field-${code}`)
      .locator('input[type="file"]')
      .setInputFiles({ name: '主视图.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId(`field-${code}`).locator('.ant-upload-list-item-done').waitFor();
    await page.getByTestId('form-save').click();
    await page.waitForURL(/\/ip\/model\/project\/[0-9A-Za-z]{16}(\?|$)/);

    const thumbnail = page.getByTestId('field-file-thumbnail').first();
    await thumbnail.waitFor();
    expect(await thumbnail.getAttribute('src')).toMatch(/^blob:/);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="field-file-thumbnail"]');
      return img !== null && img.complete && img.naturalWidth === 1;
    });
    expect(await page.getByTestId('field-file-name').first().textContent()).toBe('主视图.png');
    await saveScreenshot(page, 'field-files-detail-zh-CN');
  }, 60_000);
});
