// Import from xlsx: a template per model (import-flagged fields, required ones starred, notes), and
// import jobs. An upload is stored as a waiting job with its file (import-queue.ts decides when a
// server runs it); the job reads the file twice as a stream: first it checks every row with the
// model's own rules and reports row-level errors, then it writes the rows it may write. The user
// chooses all-or-nothing (any error imports nothing) or valid-rows-only.
import { AppError, newSid, translate, labelIn } from '@ipdesk/core';
import ExcelJS from 'exceljs';
import type { AccountsContext } from '../accounts/context.js';
import type { RequestContext } from '../../platform/context.js';
import { dictionaryOptions } from '../dictionary/dictionary.js';
import type { ResolvedField, ResolvedModel } from '../../platform/models/registry.js';
import type { ImportError } from './import-rows.js';
import type { OptionLabels } from './cells.js';
import { inspectZip } from './zip-guard.js';

export type ImportMode = 'all_or_nothing' | 'valid_only';
export type ImportPhase = 'queued' | 'validating' | 'writing' | 'done';

/** Fields a file may fill: not system, not files, flagged for import, and writable by the caller. */
export function importableFields(model: ResolvedModel): ResolvedField[] {
  return [...model.fields.values()].filter(
    (f) => !f.system && !f.readOnly && f.dataType !== 'file' && (f.declaration?.flags.import ?? true),
  );
}

export async function optionLabels(
  accounts: Pick<AccountsContext, 'db'>,
  tenantSid: string,
  fields: ResolvedField[],
): Promise<Map<string, OptionLabels>> {
  const result = new Map<string, OptionLabels>();
  for (const field of fields) {
    const dictionary = field.declaration?.dictionary;
    if (dictionary && !result.has(dictionary)) {
      result.set(
        dictionary,
        new Map(
          (await dictionaryOptions(accounts.db, tenantSid, dictionary))
            .filter((o) => !o.disabled)
            .map((o) => [o.key, o.labels]),
        ),
      );
    }
  }
  return result;
}

/** The model's template (as the caller sees it: `input.model` is their view), in the caller's language. */
export async function importTemplate(
  deps: Pick<AccountsContext, 'db'>,
  ctx: Pick<RequestContext, 'tenantSid' | 'language'>,
  input: { model: ResolvedModel },
): Promise<Buffer> {
  const { language } = ctx;
  const fields = importableFields(input.model);
  const options = await optionLabels(deps, ctx.tenantSid, fields);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(translate(language, 'import.sheetName'));
  sheet.columns = fields.map((f) => ({
    header: `${f.declaration?.required ? '*' : ''}${labelIn(f.label, language)}`,
    key: f.name,
    width: 22,
  }));
  sheet.getRow(1).font = { bold: true };
  fields.forEach((field, index) => {
    const dictionary = field.declaration?.dictionary;
    const labels = dictionary ? [...(options.get(dictionary)?.values() ?? [])].map((l) => labelIn(l, language)) : [];
    const list = `"${labels.join(',').replace(/"/g, '')}"`;
    // Excel keeps in-cell lists under 255 characters; longer lists are described in the notes instead.
    if (!field.multiple && labels.length && list.length <= 255) {
      const column = sheet.getColumn(index + 1).letter;
      for (let row = 2; row <= 1001; row++)
        sheet.getCell(`${column}${row}`).dataValidation = { type: 'list', allowBlank: true, formulae: [list] };
    }
  });
  const notes = workbook.addWorksheet(translate(language, 'import.notesSheet'));
  for (const key of ['import.noteRequired', 'import.noteOptions', 'import.noteDates'] as const)
    notes.addRow([translate(language, key)]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export interface ImportJobView {
  sid: string;
  model: string;
  mode: ImportMode;
  status: 'waiting' | 'running' | 'completed' | 'failed';
  /** queued → validating (processed = rows checked) → writing (imported of to_write) → done. */
  phase: ImportPhase;
  /** Data rows in the file (known once validating is done). */
  total: number;
  processed: number;
  /** Rows the writing phase writes (the valid ones). */
  to_write: number;
  imported: number;
  error_count: number;
  errors: ImportError[];
  failure: string | null;
  /** While waiting: 1 when it is the next job any server takes. */
  queue_position: number | null;
  created_at: Date;
  finished_at: Date | null;
}

/** One of the caller's own import jobs (another user's answers 404). */
export async function readImportJob(
  deps: Pick<AccountsContext, 'db'>,
  ctx: Pick<RequestContext, 'tenantSid' | 'userSid'>,
  input: { sid: string },
): Promise<ImportJobView> {
  const rows = await deps.db.query<ImportJobView>(
    `SELECT j.sid, j.model, j.mode, j.status, j.phase, j.total, j.processed, j.to_write, j.imported, j.error_count,
            j.errors, j.failure, j.created_at, j.finished_at,
            CASE WHEN j.status = 'waiting' THEN (
              SELECT count(*)::int + 1 FROM import_job w
               WHERE w.status = 'waiting' AND w.queue_seq < j.queue_seq) END AS queue_position
       FROM import_job j WHERE j.sid = $1 AND j.tenant_sid = $2 AND j.user_sid = $3`,
    [input.sid, ctx.tenantSid, ctx.userSid],
  );
  if (!rows[0]) throw new AppError('recordNotFound');
  return rows[0];
}

/**
 * Checks the file and stores it as a waiting job (file and job in one transaction); a server's import
 * queue takes it from there. Nothing of the file is parsed here.
 */
export async function enqueueImport(
  deps: Pick<AccountsContext, 'db'>,
  ctx: RequestContext,
  /** createNames: the user confirmed creating the records the file names that match none (an applicant). */
  input: { model: ResolvedModel; bytes: Buffer; mode: ImportMode; createNames?: boolean },
): Promise<{ sid: string }> {
  if (inspectZip(input.bytes)) throw new AppError('fileType', { params: { allowed: 'xlsx' } });
  const sid = newSid();
  // The job keeps who queued it, where, in which language and under which request: it runs for them later.
  await deps.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO import_job (sid, tenant_sid, user_sid, company_sid, model, mode, status, phase, side, language, request_id, created_at, create_names)
       VALUES ($1, $2, $3, $4, $5, $6, 'waiting', 'queued', $7, $8, $9, $10, $11)`,
      [
        sid,
        ctx.tenantSid,
        ctx.userSid,
        ctx.companySid ?? null,
        input.model.name,
        input.mode,
        ctx.principal.side,
        ctx.language,
        ctx.requestId,
        ctx.now,
        input.createNames ?? false,
      ],
    );
    await tx.query('INSERT INTO import_job_file (job_sid, bytes) VALUES ($1, $2)', [sid, input.bytes]);
  });
  return { sid };
}
