// npm run bench:imports -- [rows] [imports]: the import acceptance of issue 15. Uploads `imports`
// files of `rows` patents each at once (one user, so the tenant's cap queues them), and reports the
// server's peak memory (RSS of its own process, sampled every 100 ms) against its memory before, the
// latency of /health asked every 50 ms while the imports run, and the time until all are done.
// Embedded database unless DATABASE_URL is set (then an empty database or schema must be given).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import ExcelJS from 'exceljs';
import { BENCH_PASSWORD } from './bench-server.js';
import { generatePatents } from './patents.js';
import { ApiClient } from './search/api.js';
import { percentile, printTable } from './table.js';

const rows = Number(process.argv[2] ?? 100_000);
// SERVER_NODE_FLAGS: more flags for the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to see where it spends.
const serverFlags = (process.env.SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean);
const SERVER_HEAP_FLAG = /--max-old-space-size=\d+/.exec(
  (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } })
    .scripts.start,
)![0];
const imports = Number(process.argv[3] ?? 3);

async function patentsFile(seed: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('data');
  sheet.addRow(['title', 'sn', 'application_number', 'patent_type', 'country', 'status', 'filing_date']);
  for (const p of generatePatents(rows, seed))
    sheet.addRow([
      p.title,
      `${seed}-${p.caseNumber}`,
      p.applicationNumber,
      p.patentType,
      p.country,
      p.status,
      p.filingDate,
    ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const files: Buffer[] = [];
for (let i = 0; i < imports; i++) files.push(await patentsFile(11 + i));

// The server runs with the heap cap `npm start` gives it (package.json), as in production.
const child = spawn(
  process.execPath,
  [SERVER_HEAP_FLAG, ...serverFlags, '--import', 'tsx', new URL('./transfer-server.ts', import.meta.url).pathname],
  {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: process.env,
  },
);
const first = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
const { url, engine } = JSON.parse(first) as { url: string; engine: string };
const rss = () => {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};
const api = new ApiClient(url, 'imports', BENCH_PASSWORD);
const authorization = await api.authorization();
await fetch(`${url}/health`);
await new Promise((resolve) => setTimeout(resolve, 2000));
const before = rss();

let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, rss())), 100);
const health: number[] = [];
let running = true;
const probe = (async () => {
  while (running) {
    const started = performance.now();
    await fetch(`${url}/health`).then((r) => r.arrayBuffer());
    health.push(performance.now() - started);
    if (process.env.TRACE && performance.now() - started > 300)
      console.error(
        `[${(performance.timeOrigin / 1000 + started / 1000).toFixed(2)}] health ${(performance.now() - started).toFixed(0)} ms`,
      );
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
})();

const started = performance.now();
const jobs = await Promise.all(
  files.map(async (file, i) => {
    const form = new FormData();
    form.append('file', new Blob([file]), `patents-${i}.xlsx`);
    const res = await fetch(`${url}/webapi/model/patent/do/import?mode=valid_only`, {
      method: 'POST',
      headers: { authorization },
      body: form,
    });
    const answer = (await res.json()) as { data?: { job_sid: string } };
    if (!answer.data) throw new Error(`upload answered ${res.status}: ${JSON.stringify(answer)}`);
    return answer.data.job_sid;
  }),
);
interface JobView {
  status: string;
  imported: number;
  error_count: number;
  failure: string | null;
}
const finished = new Map<string, { seconds: number; job: JobView }>();
while (finished.size < jobs.length) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const sid of jobs) {
    if (finished.has(sid)) continue;
    const job = (await api.call<{ data: JobView }>('GET', `/webapi/model/patent/do/import/${sid}`)).body.data;
    if (job.status === 'completed' || job.status === 'failed')
      finished.set(sid, { seconds: (performance.now() - started) / 1000, job });
  }
}
const total = (performance.now() - started) / 1000;
running = false;
await probe;
clearInterval(sampler);
health.sort((a, b) => a - b);

printTable(
  `${imports} concurrent imports of ${rows.toLocaleString('en')} patents (${engine}, one tenant, 2 cores)`,
  ['measure', 'value', 'target'],
  [
    ['file size', `${(files[0]!.length / 1e6).toFixed(1)} MB each`, '—'],
    ...jobs.map((sid, i) => {
      const { seconds, job } = finished.get(sid)!;
      return [
        `import ${i + 1} done after`,
        `${seconds.toFixed(1)} s (${job.status}, ${job.imported} imported, ${job.error_count} errors${job.failure ? `, ${job.failure}` : ''})`,
        '—',
      ];
    }),
    ['all done after', `${total.toFixed(1)} s`, '—'],
    ['server RSS before', `${before.toFixed(0)} MB`, '—'],
    [
      'server RSS peak',
      `${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)} MB)`,
      engine === 'postgres' ? '< 400 MB' : '+ ≤ 300 MB',
    ],
    [
      `/health (${health.length} calls) p50 / p99 / max`,
      `${percentile(health, 50).toFixed(0)} / ${percentile(health, 99).toFixed(0)} / ${health.at(-1)!.toFixed(0)} ms`,
      'p99 ≤ 200 ms',
    ],
  ],
);
child.stdin!.end();
await new Promise((resolve) => child.once('exit', resolve));
