// Helpers for the generic model pages: a signed-in browser, the API with the page's own token (to make
// records and changes "elsewhere"), and driving antd's selects, date pickers and tables.
import type { Page } from 'playwright-core';
import { createUser, submitSignIn, type TestUser } from './accounts.js';
import { openSession, type BrowserSession } from './browser.js';
import { storedItem } from './page.js';
import type { TestServer } from './server.js';

export async function signedInSession(
  server: TestServer,
  locale: string,
): Promise<{ user: TestUser; session: BrowserSession }> {
  const user = await createUser(server);
  const session = await openSession({ locale });
  await session.page.goto(server.appUrl('login'));
  await submitSignIn(session.page, user.account, user.password);
  await session.page.getByTestId('home-page').waitFor();
  return { user, session };
}

export interface ApiAnswer<T = unknown> {
  status: number;
  body: { code: number; message: string; data: T; fields?: Array<{ field: string; message: string }> };
}

export type Api = <T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown) => Promise<ApiAnswer<T>>;

/** Calls the API as the signed-in page does (its access token, zh-CN texts). */
export async function apiOf(server: TestServer, page: Page): Promise<Api> {
  const token = await storedItem(page, 'authorization');
  return async (method, path, body) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'x-language': 'zh-CN',
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as ApiAnswer<never>['body'] };
  };
}

export interface PatentInput {
  title: string;
  sn: string;
  patent_type?: string;
  country?: string;
  filing_date?: string;
  status?: string;
}

export async function createPatent(api: Api, input: PatentInput): Promise<{ sid: string; version: number }> {
  const answer = await api<{ sid: string; version: number }>('POST', '/webapi/model/patent/do/create', {
    data: { patent_type: 'invention', country: 'CN', ...input },
  });
  if (answer.status !== 200) throw new Error(`create failed: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

/** Opens an antd select by its test id and picks the option with this label. */
export async function chooseOption(page: Page, testId: string, label: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`).click();
}

/** Types a date into an antd date picker and leaves it (Enter would also submit the form). */
export async function fillDate(page: Page, testId: string, date: string): Promise<void> {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(date);
  await input.press('Tab');
}

/** The sids of the table's rows, top to bottom. */
export async function rowKeys(page: Page): Promise<string[]> {
  return page.$$eval('.ant-table-tbody tr[data-row-key]', (rows) =>
    rows.map((row) => row.getAttribute('data-row-key') ?? ''),
  );
}

/** Waits until the table shows exactly these rows, in this order, and no search is running. */
export async function waitForRows(page: Page, sids: readonly string[]): Promise<void> {
  await page.waitForFunction(
    (expected) => {
      if (document.querySelector('.ant-table .ant-spin-spinning')) return false;
      const keys = Array.from(document.querySelectorAll('.ant-table-tbody tr[data-row-key]'), (row) =>
        row.getAttribute('data-row-key'),
      );
      return keys.join(',') === expected.join(',');
    },
    sids,
    { timeout: 15_000 },
  );
}

/** The table's column titles, left to right (selection and actions columns aside). */
export async function columnTitles(page: Page): Promise<string[]> {
  return page.$$eval('.ant-table-thead th', (cells) =>
    cells
      .filter((cell) => !cell.classList.contains('ant-table-selection-column'))
      .map((cell) => cell.textContent?.trim() ?? '')
      .filter(Boolean),
  );
}
