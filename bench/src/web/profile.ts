// npm run bench:web-profile: where a list visit's main thread spends its JavaScript time, by package. Opens a
// prepared embedded database (BENCH_DATA_DIR, made by `BENCH_ENGINE=pglite npm run bench:web`) on the built
// server, signs in, visits BENCH_ROUTE (default model/patent) once to fill the cache, then takes Chromium's
// CPU profile of BENCH_RUNS (default 3) warm visits from navigation to the first row. Self time is summed per
// source package when the web build has source maps (`npx vite build --sourcemap --config
// packages/web/vite.config.ts`), else per chunk file, and printed beside the functions with the most self time
// (BENCH_POSITIONS=1 names each function's source file and line instead of its package).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { printTable } from '../table.js';
import { INSTRUMENT, type BenchGlobal } from './instrument.js';
import { assertBuilt, startBuiltServer } from './server-process.js';
import { prepareEmbeddedAccounts, WEB_ACCOUNT, WEB_PASSWORD } from './tenant.js';
import { signIn, waitForMark } from './visits.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const DIST = path.resolve(import.meta.dirname, '../../../packages/web/dist');
const databaseUrl = process.env.DATABASE_URL;
const dataDir = databaseUrl
  ? path.resolve('bench/out', `web-data-${new URL(databaseUrl).pathname.slice(1)}`)
  : process.env.BENCH_DATA_DIR;
if (!dataDir)
  throw new Error('BENCH_DATA_DIR must name a prepared embedded data folder (or DATABASE_URL a prepared database)');
/** Each visit in a new page of the same context (as bench:web's warm visits), instead of a reload of one page. */
const newPage = Boolean(process.env.BENCH_NEW_PAGE);
const route = process.env.BENCH_ROUTE ?? 'model/patent';
const runs = Number(process.env.BENCH_RUNS ?? 3);

const maps = new Map<string, SourceMapConsumer | null>();
/** The source package of a position in a built chunk ("antd", "react-dom", "app: models/list"), or the chunk. */
function ownerOf(url: string, line: number, column: number): string {
  const file = url.split('/assets/')[1];
  if (!file) return url ? new URL(url).pathname : '(native)';
  if (!maps.has(file)) {
    const mapFile = path.join(DIST, 'assets', `${file}.map`);
    maps.set(file, existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8'))) : null);
  }
  const map = maps.get(file);
  if (!map || line < 0) return file;
  const source = map.originalPositionFor({ line: line + 1, column }).source;
  if (!source) return file;
  if (process.env.BENCH_POSITIONS) {
    const p = map.originalPositionFor({ line: line + 1, column });
    return `${source.replace(/^.*node_modules\//, '')}:${p.line}`;
  }
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return pkg[1]!;
  const app = /packages\/(\w+)\/src\/([^/]+)/.exec(source);
  return app ? `app: ${app[1]}/${app[2]}` : source;
}

/** Self time (ms) per owner and per function over the samples. */
function selfTimes(profile: CpuProfile, owners: Map<string, number>, functions: Map<string, number>): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)!;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const owner = ownerOf(url, lineNumber, columnNumber);
    owners.set(owner, (owners.get(owner) ?? 0) + ms);
    const name = `${functionName || '(anonymous)'} [${owner}]`;
    functions.set(name, (functions.get(name) ?? 0) + ms);
  });
}

async function untilFirstRow(page: Page): Promise<number> {
  if (!(await waitForMark(page, 'firstRow', 60_000))) throw new Error(`${route}: no first row in 60 s`);
  return page.evaluate(() => (globalThis as unknown as BenchGlobal).__bench.marks.firstRow!);
}

assertBuilt();
const subCompanySid = databaseUrl ? '' : (await prepareEmbeddedAccounts(dataDir)).subCompanySid;
const server = await startBuiltServer({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
try {
  const sessions = await signIn(browser, server.appUrl, {
    account: WEB_ACCOUNT,
    password: WEB_PASSWORD,
    subCompanySid,
  });
  const context = await browser.newContext({
    locale: 'zh-CN',
    viewport: { width: 1280, height: 800 },
    storageState: sessions.root,
  });
  await context.addInitScript(INSTRUMENT);
  const first = await context.newPage();
  await first.goto(`${server.appUrl}${route}`);
  await untilFirstRow(first);
  const owners = new Map<string, number>();
  const functions = new Map<string, number>();
  const firstRows: number[] = [];
  let page = first;
  for (let run = 0; run < runs; run++) {
    if (newPage) {
      await page.close();
      page = await context.newPage();
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${server.appUrl}${route}`, { waitUntil: 'commit' });
    firstRows.push(await untilFirstRow(page));
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    await cdp.detach();
    selfTimes(profile, owners, functions);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .filter(([name]) => !name.startsWith('(idle)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, ms]) => [name, (ms / runs).toFixed(1)]);
  console.log(
    `\n${route}, warm${newPage ? ', new pages' : ', reloads'}, first row at ${firstRows.map((v) => v.toFixed(0)).join(' / ')} ms`,
  );
  printTable('Self time per visit by source (ms)', ['source', 'ms'], top(owners, 30));
  printTable('Functions with the most self time per visit (ms)', ['function [source]', 'ms'], top(functions, 30));
} finally {
  await browser.close();
  await server.stop();
}
