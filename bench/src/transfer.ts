// npm run bench:transfer -- [rows]: xlsx import and export through the API (targets of the model-layer
// issue: 100k rows imported ≤ 30 s, exported ≤ 15 s). Embedded database unless DATABASE_URL is set
// (then a fresh schema-less database must be given, as rows are added to it).
import ExcelJS from 'exceljs';
import { generatePatents } from './patents.js';
import { ApiClient } from './search/api.js';
import { BENCH_PASSWORD, startBenchServer } from './bench-server.js';
import { printTable } from './table.js';

const rows = Number(process.argv[2] ?? 100_000);
const { server, close } = await startBenchServer('transfer', { tenantAdmin: true });
const api = new ApiClient(server.url, 'transfer', BENCH_PASSWORD);
const authorization = await api.authorization();

// The file a user would fill in: field names as headers (the importer also takes the labels).
let started = performance.now();
const workbook = new ExcelJS.Workbook();
const sheet = workbook.addWorksheet('data');
sheet.addRow(['title', 'sn', 'application_number', 'patent_type', 'country', 'status', 'filing_date']);
for (const p of generatePatents(rows, 7))
  sheet.addRow([p.title, p.caseNumber, p.applicationNumber, p.patentType, p.country, p.status, p.filingDate]);
const file = Buffer.from(await workbook.xlsx.writeBuffer());
const buildSeconds = (performance.now() - started) / 1000;

started = performance.now();
const form = new FormData();
form.append('file', new Blob([file]), 'patents.xlsx');
const upload = await fetch(`${server.url}/webapi/model/patent/do/import?mode=valid_only`, {
  method: 'POST',
  headers: { authorization },
  body: form,
});
const { data } = (await upload.json()) as { data: { job_sid: string } };
let job: { status: string; imported: number; error_count: number };
do {
  await new Promise((resolve) => setTimeout(resolve, 250));
  job = (await api.call<{ data: typeof job }>('GET', `/webapi/model/patent/do/import/${data.job_sid}`)).body.data;
} while (job.status === 'waiting' || job.status === 'running');
const importSeconds = (performance.now() - started) / 1000;

started = performance.now();
const link = await api.call<{ data: { url: string } }>('POST', '/webapi/model/patent/do/export', {});
const download = await fetch(`${server.url}${link.body.data.url}`);
const exported = Buffer.from(await download.arrayBuffer());
const exportSeconds = (performance.now() - started) / 1000;
const check = new ExcelJS.Workbook();
await check.xlsx.load(exported as unknown as ArrayBuffer);

printTable(
  `xlsx transfer of ${rows.toLocaleString('en')} patents (${server.db.engine}, 2 cores)`,
  ['step', 'seconds', 'rows/s', 'target', 'note'],
  [
    [
      'build the test file (client side)',
      buildSeconds.toFixed(1),
      Math.round(rows / buildSeconds),
      '—',
      `${(file.length / 1e6).toFixed(1)} MB`,
    ],
    [
      'import (upload, check, insert)',
      importSeconds.toFixed(1),
      Math.round(rows / importSeconds),
      '≤ 30 s',
      `${job.status}, ${job.imported} imported, ${job.error_count} errors`,
    ],
    [
      'export (link, stream, download)',
      exportSeconds.toFixed(1),
      Math.round(rows / exportSeconds),
      '≤ 15 s',
      `${(exported.length / 1e6).toFixed(1)} MB, ${check.worksheets[0]!.actualRowCount - 1} rows`,
    ],
  ],
);
await close();
