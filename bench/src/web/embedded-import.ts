// The embedded default's figures of issue 16 that a browser does not show: the patents are imported through
// the built server's own import (xlsx upload, the job polled as the import page polls it), while the server's
// resident memory is sampled from outside; then the data folder's size (after the maintenance passes have
// checkpointed), the resident memory after a restart on the full database, and the two-character searches'
// p95 through the API the list uses.
import ExcelJS from 'exceljs';
import path from 'node:path';
import { generatePatents } from '../patents.js';
import { ApiClient } from '../search/api.js';
import { percentile } from '../table.js';
import { folderBytes, residentMb } from './server-process.js';

export interface ImportFigures {
  /** Per file: rows, company, seconds from upload to the job done, rows imported, refused. */
  files: Array<{ name: string; rows: number; seconds: number; imported: number; refused: number }>;
  seconds: number;
  /** The highest resident memory sampled while importing, and the kernel's high-water mark (VmHWM). */
  peakRssMb: number;
  highWaterMb: number;
}

type Generated = ReturnType<typeof generatePatents> extends Iterable<infer P> ? P : never;

/** One import file: these patents with the columns a user fills in. */
async function patentFile(patents: readonly Generated[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('data');
  sheet.addRow(['title', 'sn', 'application_number', 'patent_type', 'country', 'status', 'filing_date']);
  for (const p of patents)
    sheet.addRow([p.title, p.caseNumber, p.applicationNumber, p.patentType, p.country, p.status, p.filingDate]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Imports `rows` generated patents through the server at `baseUrl` as `admin`: four fifths into the root
 * company, one fifth into the sub-company (chosen as the company switcher sends it), one file after the other.
 */
export async function importPatents(
  baseUrl: string,
  pid: number,
  admin: { account: string; password: string },
  companies: { root: string; sub: string },
  rows: number,
): Promise<ImportFigures> {
  const api = new ApiClient(baseUrl, admin.account, admin.password);
  // One generated run split in two, so no case number is in both files.
  const patents = [...generatePatents(rows, 7)];
  const rootRows = rows - Math.floor(rows / 5);
  const plan = [
    { name: 'root company', patents: patents.slice(0, rootRows), company: companies.root },
    { name: 'sub-company', patents: patents.slice(rootRows), company: companies.sub },
  ];
  // Built before anything is timed: the files are the user's, not the server's work.
  const files = await Promise.all(plan.map((p) => patentFile(p.patents)));
  let peakRssMb = residentMb(pid);
  const sampler = setInterval(() => {
    peakRssMb = Math.max(peakRssMb, residentMb(pid));
  }, 200);
  const figures: ImportFigures['files'] = [];
  const started = performance.now();
  try {
    for (const [index, p] of plan.entries()) {
      const fileStarted = performance.now();
      const form = new FormData();
      form.append('file', new Blob([files[index]!]), `patents-${index + 1}.xlsx`);
      const upload = await fetch(`${baseUrl}/webapi/model/patent/do/import?mode=valid_only`, {
        method: 'POST',
        headers: { authorization: await api.authorization(), 'x-sub-company-sid': p.company },
        body: form,
      });
      const answer = (await upload.json()) as { code: number; data?: { job_sid: string } };
      if (!answer.data) throw new Error(`The import was refused: ${JSON.stringify(answer)}`);
      type Job = { status: string; imported: number; error_count: number; failure: string | null };
      let job: Job;
      do {
        await new Promise((resolve) => setTimeout(resolve, 500));
        job = (await api.call<{ data: Job }>('GET', `/webapi/model/patent/do/import/${answer.data.job_sid}`)).body.data;
      } while (job.status === 'waiting' || job.status === 'running');
      if (job.status !== 'completed') throw new Error(`The import ${job.status}: ${job.failure}`);
      figures.push({
        name: p.name,
        rows: p.patents.length,
        seconds: (performance.now() - fileStarted) / 1000,
        imported: job.imported,
        refused: job.error_count,
      });
    }
  } finally {
    clearInterval(sampler);
  }
  return {
    files: figures,
    seconds: (performance.now() - started) / 1000,
    peakRssMb,
    highWaterMb: residentMb(pid, 'VmHWM'),
  };
}

/** The data folder: everything (the database and the stored files), its write-ahead log, and the tables and indexes (pglite/base). */
export function dataFolderMb(dataDir: string): { totalMb: number; walMb: number; baseMb: number } {
  const mb = (bytes: number) => bytes / 2 ** 20;
  return {
    totalMb: mb(folderBytes(dataDir)),
    walMb: mb(folderBytes(path.join(dataDir, 'pglite', 'pg_wal'))),
    baseMb: mb(folderBytes(path.join(dataDir, 'pglite', 'base'))),
  };
}

/** Two-character terms of the generated titles, common and rare, Chinese and Latin. */
export const TWO_CHARACTER_TERMS = ['电池', '识别', '隔膜', '芯片', '雷达', '光伏', '测序', '钠离', '5G', 'ba'];

export interface TermFigures {
  requests: number;
  /** The list's rows (20, no count), as the list asks first. */
  rowsP50: number;
  rowsP95: number;
  /** The count the pager asks for after the rows. */
  countP50: number;
  countP95: number;
  /** Rows and count one after the other: what a user waits for the whole answer. */
  bothP95: number;
}

/** Each term `rounds` times (after one warm-up round) as the list asks, in the root company: its rows, then its count. */
export async function twoCharacterSearches(
  baseUrl: string,
  user: { account: string; password: string },
  rounds: number,
): Promise<TermFigures> {
  const api = new ApiClient(baseUrl, user.account, user.password);
  const rows: number[] = [];
  const counts: number[] = [];
  const both: number[] = [];
  for (let round = -1; round < rounds; round++) {
    for (const term of TWO_CHARACTER_TERMS) {
      const iql = `title CONTAINS '${term}'`;
      const page = await api.call('POST', '/webapi/model/patent/do/search', { iql, rows: 20, total: false });
      const count = await api.call('POST', '/webapi/model/patent/do/count', { iql });
      if (round < 0) continue;
      rows.push(page.ms);
      counts.push(count.ms);
      both.push(page.ms + count.ms);
    }
  }
  const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
  return {
    requests: rows.length,
    rowsP50: percentile(sorted(rows), 50),
    rowsP95: percentile(sorted(rows), 95),
    countP50: percentile(sorted(counts), 50),
    countP95: percentile(sorted(counts), 95),
    bothP95: percentile(sorted(both), 95),
  };
}
