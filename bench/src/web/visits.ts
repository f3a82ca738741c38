// Drives Debian's Chromium through the pages a user waits for: each run opens a new browser context (a
// cold cache), visits the page, then visits it again in the same context (the app's assets cached, as on
// every visit after the first). The page's own clock gives the figures (instrument.ts); Resource Timing
// gives what was fetched.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { sentBy, type Fetched, type Sent } from './figures.js';
import type { TraceEvent } from './trace.js';
import {
  armFor,
  INSTRUMENT,
  READ_FETCHED,
  READ_MARKS,
  type BenchGlobal,
  type Mark,
  type PageMarks,
} from './instrument.js';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export interface PageCase {
  name: string;
  /** The app route, e.g. "model/patent". */
  route: string;
  /** What "ready" means on the page: the password field usable, the first data row, the record shown. */
  ready: Extract<Mark, 'password' | 'firstRow' | 'detail'>;
  /** Signed in, and with the sub-company chosen when asked. */
  session?: 'root' | 'sub';
  /** A search typed in the list's advanced box once the list is shown: the figures then count from its click. */
  search?: string;
}

/** The API path of a list page's own search, e.g. /model/patent/do/search (not the settings' searches). */
export const listSearchPath = (c: PageCase): string => `/${c.route}/do/search`;

/** One API request of a visit (page clock, ms). */
export interface ApiTiming {
  path: string;
  start: number;
  /** Time to the answer's first byte: the server's work plus the round trip. */
  wait: number;
  end: number;
}

export interface Visit {
  /** From navigation (or from the search's click) to ready. */
  readyMs?: number;
  /** The first count shown (an estimate or the exact figure), and the exact one. */
  countMs?: number;
  exactMs?: number;
  /** When the network fell quiet: the last response's end. */
  quietMs: number;
  sent: Sent;
  api: ApiTiming[];
  /** The sub-company header the list's search carried. */
  companyHeader?: string;
  /** The Chromium trace of the visit, when one was asked for. */
  trace?: TraceEvent[];
}

const TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'v8.execute',
];

const READY_TIMEOUT = 60_000;
const COUNT_TIMEOUT = 30_000;

export async function waitForMark(page: Page, mark: Mark, timeout: number): Promise<boolean> {
  try {
    // A function, not text: the page's CSP forbids evaluating strings.
    await page.waitForFunction(
      (name) => (globalThis as unknown as BenchGlobal).__bench.marks[name] !== undefined,
      mark,
      { timeout, polling: 50 },
    );
    return true;
  } catch {
    return false;
  }
}

/** Opens the advanced search, types the iql, and clicks search with the marks armed for it. */
async function runSearch(page: Page, iql: string): Promise<void> {
  await page.getByTestId('search-mode-advance').click();
  await page.getByTestId('iql-input').fill(iql);
  await page.evaluate(armFor(iql));
  await page.getByTestId('iql-search').click();
}

async function visit(context: BrowserContext, appUrl: string, c: PageCase, browser?: Browser): Promise<Visit> {
  const page = await context.newPage();
  if (browser) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  let companyHeader: string | undefined;
  page.on('request', (request) => {
    if (request.url().endsWith(listSearchPath(c))) companyHeader ??= request.headers()['x-sub-company-sid'];
  });
  try {
    await page.goto(`${appUrl}${c.route}`, { waitUntil: 'commit' });
    if (!(await waitForMark(page, c.ready, READY_TIMEOUT))) throw new Error(`${c.name}: not ready in 60 s`);
    if (c.ready === 'firstRow') await waitForMark(page, 'estimate', COUNT_TIMEOUT);
    if (c.search) {
      await runSearch(page, c.search);
      if (!(await waitForMark(page, 'firstRow', READY_TIMEOUT))) throw new Error(`${c.name}: no rows in 60 s`);
      await waitForMark(page, 'estimate', COUNT_TIMEOUT);
    }
    if (c.ready === 'firstRow') await waitForMark(page, 'exact', COUNT_TIMEOUT);
    await page.waitForLoadState('networkidle');
    const seen = await page.evaluate<PageMarks>(READ_MARKS);
    const { fetched, api, quietMs } = await page.evaluate<{ fetched: Fetched[]; api: ApiTiming[]; quietMs: number }>(
      READ_FETCHED,
    );
    const from = seen.clickedAt ?? 0;
    const since = (value: number | undefined) => (value === undefined ? undefined : value - from);
    const trace = browser
      ? (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] })
      : undefined;
    return {
      ...(trace ? { trace: trace.traceEvents } : {}),
      readyMs: since(seen.marks[c.ready]),
      countMs: since(seen.marks.estimate),
      exactMs: since(seen.marks.exact),
      quietMs: quietMs - from,
      sent: sentBy(fetched),
      api,
      ...(companyHeader ? { companyHeader } : {}),
    };
  } finally {
    await page.close();
  }
}

type Sessions = { root: StorageState; sub: StorageState };

/** A new context (nothing cached) holding the case's session, with the marks injected into its pages. */
async function openContext(browser: Browser, c: PageCase, sessions: Sessions): Promise<BrowserContext> {
  const context = await browser.newContext({
    locale: 'zh-CN',
    viewport: { width: 1280, height: 800 },
    ...(c.session ? { storageState: sessions[c.session] } : {}),
  });
  await context.addInitScript(INSTRUMENT);
  return context;
}

export interface PageRuns {
  c: PageCase;
  cold: Visit[];
  /** The second visit: the files come from the cache, and Chromium stores the code it compiled from them. */
  warm: Visit[];
  /** The third (pages without a search): the files and their compiled code from the cache. */
  again: Visit[];
}

/**
 * `runs` times: a new context, a cold visit, then a warm one in the same context, and for pages opened without
 * a search a third: Chromium keeps the code it compiled for a cached script from its second load on, so the
 * third visit is what every later one costs.
 */
export async function measurePage(
  browser: Browser,
  appUrl: string,
  c: PageCase,
  sessions: Sessions,
  runs: number,
): Promise<PageRuns> {
  const result: PageRuns = { c, cold: [], warm: [], again: [] };
  for (let run = 0; run < runs; run++) {
    const context = await openContext(browser, c, sessions);
    try {
      result.cold.push(await visit(context, appUrl, c));
      result.warm.push(await visit(context, appUrl, c));
      if (!c.search) result.again.push(await visit(context, appUrl, c));
    } finally {
      await context.close();
    }
  }
  return result;
}

/** One cold visit with a Chromium trace of it. */
export async function tracedVisit(browser: Browser, appUrl: string, c: PageCase, sessions: Sessions): Promise<Visit> {
  const context = await openContext(browser, c, sessions);
  try {
    return await visit(context, appUrl, c, browser);
  } finally {
    await context.close();
  }
}

/**
 * Signs in through the sign-in page once and keeps what the browser then holds (tokens, companies, the
 * chosen company); the sub-company session is the same with that company chosen, as the switcher stores it.
 */
export async function signIn(
  browser: Browser,
  appUrl: string,
  account: { account: string; password: string; subCompanySid: string },
): Promise<Sessions> {
  const context = await browser.newContext({ locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    await page.goto(`${appUrl}login`);
    await page.getByTestId('login-account').fill(account.account);
    await page.getByTestId('login-password').fill(account.password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('app-shell').waitFor({ timeout: 60_000 });
    const root = await context.storageState();
    const sub: StorageState = {
      ...root,
      origins: root.origins.map((origin) => ({
        ...origin,
        localStorage: origin.localStorage.map((item) =>
          item.name === 'company_id' ? { ...item, value: account.subCompanySid } : item,
        ),
      })),
    };
    return { root, sub };
  } finally {
    await context.close();
  }
}
