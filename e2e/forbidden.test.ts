// The no-permission page (spec §2) shows its title and the advice to contact the administrator or
// check the configuration pack, in both languages.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages, type Language } from '@ipdesk/core';
import { openSession, type BrowserSession } from './support/browser.js';
import { waitForText } from './support/page.js';
import { startTestServer, type TestServer } from './support/server.js';

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

describe('403 page', () => {
  it.each([
    ['zh-CN', 'zh-CN'],
    ['en', 'en-US'],
  ] as [Language, string][])('shows the title and the advice in %s', async (language, locale) => {
    session = await openSession({ locale });
    const { page } = session;
    await page.goto(server.appUrl('403'));
    await waitForText(page, 'result-title', messages[language]['page.forbidden.title']);
    expect(await page.getByTestId('result-subtitle').textContent()).toBe(messages[language]['page.forbidden.subTitle']);
    expect(await page.getByTestId('result-advice').textContent()).toBe(messages[language]['page.forbidden.advice']);
  });
});
