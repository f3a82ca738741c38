// The main pages in Chromium through axe-core, in both languages: no critical or serious WCAG 2 A/AA
// violations (names of controls, contrast of the theme's colours, labels matching visible text), and each
// page in one language only (no Chinese on English pages, no English words on Chinese ones, no raw keys).
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserSession } from './support/browser.js';
import { openSession } from './support/browser.js';
import { seriousAxeViolations } from './support/axe.js';
import { languageProblems } from './support/language.js';
import { apiOf, createPatent, signedInSession } from './support/models.js';
import { saveScreenshot } from './support/page.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
const sessions: BrowserSession[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
});

/** Waits for the page to settle: its test id shown, no spinner, and the language pack applied. */
async function settled(session: BrowserSession, testId: string): Promise<void> {
  await session.page.getByTestId(testId).first().waitFor({ timeout: 20_000 });
  await session.page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active'), null, {
    timeout: 20_000,
  });
}

/** Page and card titles shown cut ("Deadli…") or squeezed to nothing by their toolbars. */
async function cutTitles(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.ant-card-head-title'))
      .filter((title) => title.textContent?.trim() && (title.scrollWidth > title.clientWidth || title.clientWidth < 16))
      .map((title) => `title cut: ${title.textContent}`),
  );
}

describe.each(['zh-CN', 'en'] as const)('accessibility and language, %s', (language) => {
  it('the sign-in page', async () => {
    const session = await openSession({ locale: language });
    sessions.push(session);
    await session.page.goto(server.appUrl('login'));
    await settled(session, 'login-submit');
    expect(await seriousAxeViolations(session.page)).toEqual([]);
    expect(await languageProblems(session.page, language)).toEqual([]);
  });

  it('the patent list, a patent, its deadlines and the fee list', async () => {
    const { session, user } = await signedInSession(server, language);
    sessions.push(session);
    const { page } = session;
    const api = await apiOf(server, page);
    const title = `A11Y ${language} ${Date.now().toString(36)}`;
    const sn = `A11Y-${language}-${Date.now().toString(36)}`;
    const patent = await createPatent(api, { title, sn, country: 'CN', filing_date: '2023-03-14' });
    // What users typed is allowed in either language: the case, the user's name and login account.
    const userData = [title, sn, user.name, user.account];

    const pages: Array<[string, string]> = [
      ['model/patent', 'model-list'],
      [`model/patent/${patent.sid}`, 'detail-title'],
      ['model/patent_task', 'model-list'],
      ['model/fee', 'model-list'],
    ];
    // Every page is visited and screenshotted before the verdict, so one run shows every problem.
    const problems: Record<string, string[]> = {};
    for (const [route, testId] of pages) {
      await page.goto(server.appUrl(route));
      await settled(session, testId);
      await saveScreenshot(page, `a11y-${language}-${route.split('/').slice(0, 2).join('-')}`);
      const found = [
        ...(await seriousAxeViolations(page)),
        ...(await languageProblems(page, language, { userData })),
        ...(await cutTitles(page)),
      ];
      if (found.length) problems[route.replace(patent.sid, ':sid')] = found;
    }
    expect(problems).toEqual({});
  });
});
