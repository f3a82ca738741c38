// The sign-in page is small (issue 16): with a cold cache, the JS and CSS a browser fetches before one
// can type a password weigh at most 250 KB as sent (compressed, the responses' encoded sizes), none of
// it antd; after signing in, the app (antd, the shell) loads and works; its plain language switcher works.
// antd's styles then come from the stylesheet generated at build (scripts/antd-styles.mjs), not written by antd
// in the page.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ipdesk/core';
import { createUser, submitSignIn } from './support/accounts.js';
import { openSession, type BrowserSession } from './support/browser.js';
import { signedInSession } from './support/models.js';
import { waitForText } from './support/page.js';
import { startTestServer, type TestServer } from './support/server.js';

const zh = messages['zh-CN'];
const en = messages.en;

const SIGN_IN_BUDGET_BYTES = 250 * 1024;

let server: TestServer;
let session: BrowserSession | undefined;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
afterEach(async () => {
  const problems = session?.problems ?? [];
  await session?.close();
  session = undefined;
  expect(problems).toEqual([]);
});

interface Fetched {
  url: string;
  type: string;
  encoding: string | undefined;
  bytesSent: number;
}

async function fetched(response: Response): Promise<Fetched> {
  const request = response.request();
  const { responseBodySize } = await request.sizes();
  const headers = await response.allHeaders();
  return {
    url: response.url(),
    type: request.resourceType(),
    encoding: headers['content-encoding'],
    bytesSent: responseBodySize,
  };
}

describe('sign-in page size', () => {
  it('needs at most 250 KB of JS+CSS as sent, then the app works after sign-in', async () => {
    const user = await createUser(server);
    // A new browser context: nothing cached.
    session = await openSession({ locale: 'zh-CN' });
    const { page } = session;
    const responses: Promise<Fetched>[] = [];
    const collect = (response: Response) => void responses.push(fetched(response));
    page.on('response', collect);

    await page.goto(server.appUrl('login'));
    await page.getByTestId('login-password').waitFor();
    // Everything the page asked for on its own (preloads included) has arrived.
    await page.waitForLoadState('networkidle');
    page.off('response', collect);

    const assets = (await Promise.all(responses)).filter(
      (item) => item.type === 'script' || item.type === 'stylesheet',
    );
    const bytesSent = assets.reduce((total, item) => total + item.bytesSent, 0);
    console.log(
      `sign-in JS+CSS as sent: ${(bytesSent / 1024).toFixed(1)} KB in ${assets.length} files (${[
        ...new Set(assets.map((item) => item.encoding ?? 'identity')),
      ].join(', ')})`,
    );
    expect(assets.length).toBeGreaterThan(0);
    // Sent compressed (all but files too small to gain, scripts/precompress.mjs), the figure as it crossed the wire.
    for (const asset of assets.filter((item) => item.bytesSent > 1024)) {
      expect(asset.encoding, asset.url).toMatch(/^(br|gzip)$/);
    }
    expect(bytesSent).toBeLessThanOrEqual(SIGN_IN_BUDGET_BYTES);
    // antd's frame is not part of it.
    expect(await page.evaluate(() => document.querySelector('[class*="ant-"], style[data-rc-order]') !== null)).toBe(
      false,
    );

    await submitSignIn(page, user.account, user.password);
    await page.getByTestId('app-shell').waitFor();
    await page.getByTestId('home-page').waitFor();
    await page.goto(server.appUrl('model/patent'));
    await page.getByTestId('model-list').waitFor();
  });

  it('switches the sign-in page to English with its plain switcher, and keeps it after a reload', async () => {
    session = await openSession({ locale: 'zh-CN' });
    const { page } = session;
    await page.goto(server.appUrl('login'));
    await waitForText(page, 'login-title', zh['login.title']);
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-option-en').click();
    await waitForText(page, 'login-title', en['login.title']);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.getByTestId('language-switcher').getAttribute('data-language')).toBe('en');
    // The menu closed with the choice.
    expect(await page.getByTestId('language-option-zh-CN').count()).toBe(0);
    await page.reload();
    await waitForText(page, 'login-title', en['login.title']);
  });
});

describe("antd's styles from the build", () => {
  it('come from one stylesheet ahead of the app sheets; antd writes none in the page', async () => {
    const signedIn = await signedInSession(server, 'zh-CN');
    session = signedIn.session;
    const { page } = session;
    await page.goto(server.appUrl('model/patent'));
    await page.getByTestId('model-list').waitFor();
    await page.waitForLoadState('networkidle');

    const found = await page.evaluate(() => {
      const links = Array.from(
        document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'),
        (l) => l.href,
      );
      const sheet = Array.from(document.styleSheets).find((s) => s.href?.includes('/assets/antd-styles-'));
      return {
        links,
        rules: sheet?.cssRules.length ?? 0,
        // What antd wrote in the page itself, one <style> per component and theme: its theme and first rule.
        written: Array.from(
          document.querySelectorAll('style[data-token-hash]'),
          (s) => `${s.getAttribute('data-token-hash')} ${(s.textContent ?? '').slice(0, 80)}`,
        ),
      };
    });
    // Before the app's own sheets, which win where a rule of theirs and one of antd's are equally specific.
    expect(found.links[0]).toMatch(/\/assets\/antd-styles-[\w-]+\.css$/);
    expect(found.links.length).toBeGreaterThan(1);
    expect(found.rules).toBeGreaterThan(1000);
    // Every style the page needed was in it: antd wrote none itself (a theme or component the sheet lacked
    // would show here; with ProLayout's nested themes the list page wrote ~45).
    expect(found.written).toEqual([]);
  });
});

/** The build's manifest (packages/web/dist/.vite/manifest.json): each module's chunk and its static imports. */
type Manifest = Record<string, { file: string; name?: string; imports?: string[] }>;

function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

describe("the list page's code", () => {
  it('leaves the dialogs, the other search modes and the heavier filters out until they are used', () => {
    const dist = path.resolve(import.meta.dirname, '../packages/web/dist');
    const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    // What a list page loads before its first row: the entry, antd's frame, the shell and the page.
    const opening = staticClosure(manifest, [
      'index.html',
      'src/app/AntdFrame.tsx',
      'src/app/AppShell.tsx',
      'src/pages/model/ModelListPage.tsx',
    ]);
    // Loaded on first use, or on idle once the rows are drawn (components/lazy-part.tsx), each in chunks named
    // after its module.
    const later = [
      'ImportDialog',
      'BatchEditDialog',
      'ColumnSettings',
      'ActionDialog',
      'AdvancedSearchBox',
      'BatchSearchForm',
      'filter-parts',
      'ModelPageResults',
    ];
    const chunks = Object.values(manifest);
    for (const name of later) {
      const files = chunks.filter((chunk) => chunk.name === name).map((chunk) => chunk.file);
      expect(files, name).not.toEqual([]);
      expect(
        files.filter((file) => opening.has(file)),
        name,
      ).toEqual([]);
    }
  });
});
