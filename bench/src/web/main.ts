// npm run bench:web: what a user feels, measured in Debian's Chromium against the built server (issue 16).
// Prepares (or reuses) BENCH_ROWS patents of the demo tenant, starts the server as `npm start` does, and
// times the sign-in page, the patent list (unfiltered, with a sub-company, filtered, a two-character
// keyword), a patent detail and the deadlines list: 3 runs, each cold (new context) then warm (same context).
// Environment: BENCH_ENGINE=postgres (default; DATABASE_URL, default webbench_1m) or pglite (a temp data
// folder, or BENCH_DATA_DIR kept between runs; printing idle RSS and the folder's size), BENCH_ROWS (default
// 1,000,000; 100,000 on pglite), BENCH_RUNS (default 3), BENCH_TRACE=1 (a traced cold visit of the list).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { printTable } from '../table.js';
import { kb, median, met, ms, runs as runCells } from './figures.js';
import { assertBuilt, folderBytes, residentMb, startBuiltServer } from './server-process.js';
import { prepareEmbedded, preparePostgres, WEB_ACCOUNT, WEB_PASSWORD, type WebTenant } from './tenant.js';
import { mainThreadProfile } from './trace.js';
import {
  listSearchPath,
  measurePage,
  signIn,
  tracedVisit,
  type PageCase,
  type PageRuns,
  type Visit,
} from './visits.js';

const intEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
  return value;
};
const ENGINE = process.env.BENCH_ENGINE ?? 'postgres';
if (ENGINE !== 'postgres' && ENGINE !== 'pglite') throw new Error('BENCH_ENGINE must be postgres or pglite');
const ROWS = intEnv('BENCH_ROWS', ENGINE === 'pglite' ? 100_000 : 1_000_000);
const RUNS = intEnv('BENCH_RUNS', 3);
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/webbench_1m';
const CHROMIUM = '/usr/bin/chromium';
/** Targets of issue 16 (ms): the list's first row, warm and cold; the count after the rows. */
const TARGET = { warm: 1000, cold: 2000, countAfterRows: 300 };
const SIGN_IN_BUDGET_KB = 250;

const FILTER = "status = 'granted' AND patent_type = 'invention'";
const KEYWORD = "title CONTAINS '电池'";

function cases(tenant: WebTenant): PageCase[] {
  return [
    { name: 'sign-in', route: 'login', ready: 'password' },
    { name: 'patent list', route: 'model/patent', ready: 'firstRow', session: 'root' },
    { name: 'patent list, sub-company', route: 'model/patent', ready: 'firstRow', session: 'sub' },
    { name: `filtered: ${FILTER}`, route: 'model/patent', ready: 'firstRow', session: 'root', search: FILTER },
    {
      name: `filtered, sub-company: ${FILTER}`,
      route: 'model/patent',
      ready: 'firstRow',
      session: 'sub',
      search: FILTER,
    },
    { name: `keyword: ${KEYWORD}`, route: 'model/patent', ready: 'firstRow', session: 'root', search: KEYWORD },
    { name: 'patent detail', route: `model/patent/${tenant.patentSid}`, ready: 'detail', session: 'root' },
    { name: 'deadlines list', route: 'model/patent_task', ready: 'firstRow', session: 'root' },
  ];
}

const isList = (c: PageCase) => c.ready === 'firstRow';
const rowToCount = (v: Visit) =>
  v.countMs === undefined || v.readyMs === undefined ? undefined : v.countMs - v.readyMs;
const countKind = (visits: Visit[]) => {
  const kinds = new Set(
    visits.map((v) => (v.countMs === undefined ? 'none' : v.countMs < (v.exactMs ?? Infinity) ? 'estimate' : 'exact')),
  );
  return [...kinds].join('+');
};

function printPages(results: PageRuns[], title: string): void {
  const rows = results.flatMap(({ c, cold, warm }) =>
    (
      [
        ['cold', cold],
        ['warm', warm],
      ] as const
    ).map(([cache, visits]) => {
      const ready = median(visits.map((v) => v.readyMs));
      const target = c.search === undefined && isList(c) ? TARGET[cache] : undefined;
      return [
        c.name,
        cache,
        ms(ready),
        runCells(visits.map((v) => v.readyMs)),
        met(ready, target),
        isList(c) ? ms(median(visits.map(rowToCount))) : '—',
        isList(c) ? countKind(visits) : '—',
        isList(c) ? ms(median(visits.map((v) => v.exactMs))) : '—',
        ms(median(visits.map((v) => v.quietMs))),
        kb(median(visits.map((v) => v.sent.jsCssBytes))),
        kb(median(visits.map((v) => v.sent.totalBytes))),
        ms(median(visits.map((v) => v.sent.requests))),
      ];
    }),
  );
  printTable(
    title,
    [
      'page',
      'cache',
      'ready ms',
      'runs',
      'target met',
      'row → count ms',
      'count shown',
      'exact count ms',
      'network quiet ms',
      'JS+CSS KB sent',
      'total KB sent',
      'requests',
    ],
    rows,
  );
}

/** Where a list's wait goes, median of the runs: the app's files, then the search, then drawing the rows. */
function printListTimeline(results: PageRuns[]): void {
  const rows = results
    .filter(({ c }) => isList(c) && !c.search)
    .flatMap(({ c, cold, warm }) =>
      (
        [
          ['cold', cold],
          ['warm', warm],
        ] as const
      ).map(([cache, visits]) => {
        const search = visits.map((v) => v.api.find((a) => a.path.endsWith(listSearchPath(c))));
        const counts = visits.map((v) => v.api.filter((a) => a.path.endsWith('/do/count')));
        return [
          c.name,
          cache,
          ms(median(search.map((s) => s?.start))),
          ms(median(search.map((s) => s?.wait))),
          ms(median(search.map((s) => s && s.end - s.start))),
          ms(median(visits.map((v, i) => (v.readyMs ?? NaN) - (search[i]?.end ?? NaN)))),
          ms(median(counts.map((list) => list[0]?.wait))),
          ms(median(counts.map((list) => list[1]?.wait))),
          ms(median(visits.map((v) => v.api.filter((a) => a.start < (v.readyMs ?? 0)).length))),
          [...new Set(visits.map((v) => v.companyHeader ?? 'none'))].join(', '),
        ];
      }),
    );
  printTable(
    "Where the list waits (ms from navigation, median): search sent, server wait (to first byte), search done, rows drawn after it; the counts' server waits",
    [
      'page',
      'cache',
      'search sent at',
      'search wait',
      'search total',
      'answer → row',
      'estimate wait',
      'exact count wait',
      'API calls before row',
      'x-sub-company-sid',
    ],
    rows,
  );
}

/** The API calls of the first run of each unfiltered list, in order: where the wait before the first row goes. */
function printCalls(results: PageRuns[]): void {
  for (const { c, cold, warm } of results.filter((r) => isList(r.c) && !r.c.search)) {
    for (const [cache, v] of [
      ['cold', cold[0]],
      ['warm', warm[0]],
    ] as const) {
      if (!v) continue;
      console.log(`\n${c.name}, ${cache} (first row at ${ms(v.readyMs)} ms): API calls as start→end ms (server wait)`);
      const calls = [...v.api].sort((a, b) => a.start - b.start);
      console.log(`  ${calls.map((a) => `${a.path} ${ms(a.start)}→${ms(a.end)} (${ms(a.wait)})`).join('\n  ')}`);
    }
  }
}

/** Where the main thread's time goes on one traced cold visit of the patent list (BENCH_TRACE=1). */
async function printTrace(
  browser: Browser,
  appUrl: string,
  sessions: Parameters<typeof tracedVisit>[3],
): Promise<void> {
  for (const session of ['root', 'sub'] as const) {
    const c: PageCase = { name: `patent list (${session})`, route: 'model/patent', ready: 'firstRow', session };
    const v = await tracedVisit(browser, appUrl, c, sessions);
    const search = v.api.find((a) => a.path.endsWith(listSearchPath(c)));
    if (!v.trace || !search || v.readyMs === undefined) continue;
    const windows: Array<[string, number, number]> = [
      ['navigation → search sent', 0, search.start],
      ['search sent → answered', search.start, search.end],
      ['answered → first row', search.end, v.readyMs],
    ];
    printTable(
      `Traced cold visit, ${c.name}: first row at ${ms(v.readyMs)} ms; the page's main thread in each stretch`,
      ['stretch', 'ms', 'main thread busy ms', 'most self time (ms)'],
      windows.map(([name, from, to]) => {
        const profile = mainThreadProfile(v.trace!, `${appUrl}${c.route}`, from, to);
        return [
          name,
          ms(to - from),
          ms(profile.busyMs),
          profile.top.map((t) => `${t.name} ${ms(t.selfMs)}`).join(', '),
        ];
      }),
    );
  }
}

assertBuilt();
// PostgreSQL: a folder kept beside the database (its secrets.json seals the database's sign-in keys);
// PGlite: a fresh folder holding the database itself.
// BENCH_DATA_DIR keeps an embedded database between runs (prepared once, like the PostgreSQL one).
const keptDataDir = process.env.BENCH_DATA_DIR && path.resolve(process.env.BENCH_DATA_DIR);
const dataDir =
  ENGINE === 'postgres'
    ? path.resolve('bench/out', `web-data-${new URL(DATABASE_URL).pathname.slice(1)}`)
    : (keptDataDir ?? mkdtempSync(path.join(os.tmpdir(), 'ipdesk-bench-web-')));
mkdirSync(dataDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
try {
  console.log(`Preparing ${ROWS.toLocaleString('en')} patents on ${ENGINE} …`);
  const tenant =
    ENGINE === 'postgres' ? await preparePostgres(DATABASE_URL, dataDir, ROWS) : await prepareEmbedded(dataDir, ROWS);
  const server = await startBuiltServer({
    DATA_DIR: dataDir,
    ...(ENGINE === 'postgres' ? { DATABASE_URL } : {}),
  });
  try {
    // Settled after start (the start's own work done), before any request.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const idleRss = residentMb(server.pid);
    const sessions = await signIn(browser, server.appUrl, {
      account: WEB_ACCOUNT,
      password: WEB_PASSWORD,
      subCompanySid: tenant.subCompanySid,
    });
    const results: PageRuns[] = [];
    for (const c of cases(tenant)) {
      results.push(await measurePage(browser, server.appUrl, c, sessions, RUNS));
      console.log(`measured: ${c.name}`);
    }
    const load = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ');
    printPages(
      results,
      `Pages in Chromium ${browser.version()}, ${ROWS.toLocaleString('en')} patents on ${ENGINE} (${tenant.note}); median of ${RUNS} runs; ready = password usable / first data row / record shown, for searches from the click; load average ${load} (${os.cpus().length} cores)`,
    );
    printListTimeline(results);
    printCalls(results);
    if (process.env.BENCH_TRACE) await printTrace(browser, server.appUrl, sessions);
    const signInPage = results.find((r) => r.c.ready === 'password');
    if (signInPage) {
      const sent = median(signInPage.cold.map((v) => v.sent.jsCssBytes)) / 1024;
      console.log(
        `\nSign-in page, cold: ${sent.toFixed(1)} KB of JS+CSS as sent (target ≤ ${SIGN_IN_BUDGET_KB} KB: ${sent <= SIGN_IN_BUDGET_KB ? 'met' : 'NOT met'}).`,
      );
    }
    if (ENGINE === 'pglite') {
      printTable(
        'Embedded database (PGlite) after the runs',
        ['idle RSS after start MB', 'RSS after the runs MB', 'data folder MB'],
        [[idleRss.toFixed(0), residentMb(server.pid).toFixed(0), (folderBytes(dataDir) / 2 ** 20).toFixed(0)]],
      );
    } else {
      console.log(
        `Server RSS idle after start: ${idleRss.toFixed(0)} MB; after the runs: ${residentMb(server.pid).toFixed(0)} MB.`,
      );
    }
  } finally {
    await server.stop();
  }
} finally {
  await browser.close();
  if (ENGINE === 'pglite' && !keptDataDir) rmSync(dataDir, { recursive: true, force: true });
}
