// What compressing a JSON answer costs and saves (issue 16): pages of generated patent rows and the
// language pack, serialised as the server does, then compressed at the per-request levels the server
// uses (brotli 4, gzip 5) and, for comparison, at the build's maximum levels. Times are per answer, on
// one core, median of many runs; the server compresses on libuv's thread pool, off the event loop.
// Usage: npm run bench:compression
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { messages } from '@ipdesk/core';
import { generatePatents } from './patents.js';
import { percentile, printTable } from './table.js';

const RUNS = 300;

function medianMs(work: () => unknown): number {
  for (let i = 0; i < 20; i += 1) work();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = process.hrtime.bigint();
    work();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return percentile(
    times.sort((a, b) => a - b),
    50,
  );
}

function page(rows: number): unknown {
  const records = [...generatePatents(rows)].map((patent) => ({
    sid: patent.sid,
    sn: patent.caseNumber,
    title: patent.title,
    patent_type: patent.patentType,
    country: patent.country,
    status: patent.status,
    application_number: patent.applicationNumber,
    filing_date: patent.filingDate,
    publication_date: patent.publicationDate,
    grant_date: patent.grantDate,
    created_at: patent.createdAt,
    updated_at: patent.updatedAt,
    priority_level: patent.priorityLevel,
  }));
  return { code: 0, message: '成功', request_id: 'bench', data: { records, total: 1_000_000 } };
}

const brotli = (quality: number) => (body: string) =>
  brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
    },
  });
const gzip = (level: number) => (body: string) => gzipSync(body, { level });

const answers: Array<[string, unknown]> = [
  ['search page, 20 patents', page(20)],
  ['search page, 100 patents', page(100)],
  ['language pack (en)', { code: 0, record: messages.en, version: 'bench' }],
];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => value.toFixed(3);

const rows = answers.map(([name, answer]) => {
  const body = JSON.stringify(answer);
  const sized = (compress: (text: string) => Buffer) => {
    const bytes = compress(body).length;
    return `${kb(bytes)} / ${ms(medianMs(() => compress(body)))}`;
  };
  return [
    name,
    kb(Buffer.byteLength(body)),
    ms(medianMs(() => JSON.stringify(answer))),
    sized(brotli(4)),
    sized(gzip(5)),
    sized(brotli(11)),
    sized(gzip(9)),
  ];
});
printTable(
  'JSON answers: size and median time per answer (size / ms)',
  ['answer', 'JSON', 'stringify ms', 'brotli 4 (sent)', 'gzip 5 (sent)', 'brotli 11', 'gzip 9'],
  rows,
);
