// Linked records in Chromium against the real server: the deadlines and fees lists show a case as its
// case number and title — never its ID — in zh-CN and in English, and a deadline's detail page too.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { printCallsIfFailed, type BrowserSession } from './support/browser.js';
import { apiOf, columnTitles, createPatent, signedInSession, waitForRows } from './support/models.js';
import { saveScreenshot } from './support/page.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
let session: BrowserSession | undefined;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
afterEach(async (context) => {
  printCallsIfFailed(context.task.result?.state === 'fail', [session]);
  const problems = session?.problems ?? [];
  await session?.close();
  session = undefined;
  expect(problems).toEqual([]);
});

let run = 0;
/** A prefix no other test's records share (all tests use the demo tenant). */
const uniquePrefix = (): string => `R${Date.now().toString(36).toUpperCase()}${(run += 1)}`;

async function start(locale: string) {
  const started = await signedInSession(server, locale);
  session = started.session;
  return { page: session.page, api: await apiOf(server, session.page) };
}

/** A case with one deadline and one fee entered by hand. */
async function caseWithDeadlineAndFee(api: Awaited<ReturnType<typeof start>>['api'], prefix: string) {
  const patent = await createPatent(api, { title: `${prefix} 一种固态电池`, sn: `${prefix}-CN` });
  const create = async (model: string, data: Record<string, unknown>) => {
    const answer = await api<{ sid: string }>('POST', `/webapi/model/${model}/do/create`, { data });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data.sid;
  };
  const deadline = await create('patent_task', {
    patent: patent.sid,
    title: `${prefix} 答复审查意见`,
    due_date: '2027-01-15',
  });
  const fee = await create('fee', { patent: patent.sid, title: `${prefix} 第3年年费`, due_date: '2027-02-01' });
  return { patent: patent.sid, deadline, fee, shown: `${prefix}-CN ${prefix} 一种固态电池` };
}

/** The list of a model narrowed to these rows by an advanced search. */
async function listOf(page: BrowserSession['page'], model: string, iql: string, rows: string[]): Promise<void> {
  await page.goto(server.appUrl(`model/${model}`));
  await page.getByTestId('search-mode-advance').click();
  await page.getByTestId('iql-input').fill(iql);
  await page.getByTestId('iql-search').click();
  await waitForRows(page, rows);
}

const rowText = (page: BrowserSession['page'], sid: string) =>
  page.locator(`.ant-table-tbody tr[data-row-key="${sid}"]`).innerText();

describe('linked records', () => {
  for (const locale of ['zh-CN', 'en'] as const) {
    it(`show the case number and title in the deadlines and fees lists (${locale})`, async () => {
      const { page, api } = await start(locale);
      const prefix = uniquePrefix();
      const made = await caseWithDeadlineAndFee(api, prefix);
      const patentLabel = locale === 'en' ? 'Patent' : '专利';

      await listOf(page, 'patent_task', `title STARTS WITH '${prefix}'`, [made.deadline]);
      expect(await columnTitles(page)).toContain(patentLabel);
      const deadlineRow = await rowText(page, made.deadline);
      expect(deadlineRow).toContain(made.shown);
      expect(deadlineRow).not.toContain(made.patent);
      await saveScreenshot(page, `reference-titles-deadlines-${locale}`);

      await listOf(page, 'fee', `title STARTS WITH '${prefix}'`, [made.fee]);
      expect(await columnTitles(page)).toContain(patentLabel);
      const feeRow = await rowText(page, made.fee);
      expect(feeRow).toContain(made.shown);
      expect(feeRow).not.toContain(made.patent);

      // The deadline's own page names its case the same way.
      await page.goto(server.appUrl(`model/patent_task/${made.deadline}`));
      await page.getByTestId('detail-patent').waitFor();
      await expect.poll(() => page.getByTestId('detail-patent').innerText()).toBe(made.shown);
    });
  }
});
