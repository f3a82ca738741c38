// npm run bench:http: starts the server on PGlite (or DATABASE_URL) and measures the request path
// every API call shares — envelope, validation, language, headers — on /health and the language pack.
// Sequential requests give latency percentiles; 20 concurrent loops give throughput.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { startServer } from '@ipdesk/server';
import { percentile, printTable } from './table.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ipdesk-bench-'));
const server = await startServer({
  env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  logStream: new Writable({ write: (_c, _e, done) => done() }),
});

async function latency(url: string, requests: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

async function throughput(url: string, connections: number, seconds: number): Promise<number> {
  let done = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const res = await fetch(url);
        await res.arrayBuffer();
        done++;
      }
    }),
  );
  return done / seconds;
}

const rows: string[][] = [];
for (const [name, url] of [
  ['GET /health (one SELECT 1)', `${server.url}/health`],
  ['GET /webapi/front/search?language=en', `${server.url}/webapi/front/search?language=en`],
  ['GET unknown route (404 envelope)', `${server.url}/webapi/nowhere`],
] as const) {
  await latency(url, 200); // warm-up
  const times = await latency(url, 2000);
  const rps = await throughput(url, 20, 5);
  rows.push([name, percentile(times, 50).toFixed(2), percentile(times, 95).toFixed(2), Math.round(rps).toString()]);
}
printTable(
  `HTTP baseline (${server.db.engine}, Node ${process.version}, fetch client in the same process)`,
  ['request', 'p50 ms', 'p95 ms', 'req/s @20'],
  rows,
);
await server.close();
rmSync(dataDir, { recursive: true, force: true });
