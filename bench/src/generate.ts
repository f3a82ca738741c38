// npm run bench:generate -- [count] [file]: writes generated patents as CSV (COPY-ready) and reports
// the generation rate. npm run bench:search loads the same rows into m_patent with COPY.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { generatePatents } from './patents.js';
import { printTable } from './table.js';

const count = Number(process.argv[2] ?? 100_000);
const file = process.argv[3] ?? 'bench/out/patents.csv';

function csv(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

const { mkdirSync } = await import('node:fs');
const path = await import('node:path');
mkdirSync(path.dirname(file), { recursive: true });
const out = createWriteStream(file);
const started = performance.now();
out.write(
  'sid,sn,title,patent_type,country,status,application_number,filing_date,publication_date,grant_date,created_at,updated_at,priority_level\n',
);
for (const p of generatePatents(count)) {
  const line = [
    p.sid,
    p.caseNumber,
    p.title,
    p.patentType,
    p.country,
    p.status,
    p.applicationNumber,
    p.filingDate,
    p.publicationDate ?? '',
    p.grantDate ?? '',
    p.createdAt,
    p.updatedAt,
    p.priorityLevel ?? '',
  ]
    .map(csv)
    .join(',');
  if (!out.write(`${line}\n`)) await once(out, 'drain');
}
out.end();
await once(out, 'finish');
const seconds = (performance.now() - started) / 1000;
printTable(
  'Patent data generator',
  ['rows', 'file', 'seconds', 'rows/s'],
  [[count, file, seconds.toFixed(2), Math.round(count / seconds)]],
);
