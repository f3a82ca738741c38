// Import from xlsx: a template per model (import-flagged fields, required ones starred, notes), and
// import jobs. A job checks every row with the model's own rules and reports row-level errors; the
// user chooses all-or-nothing (any error imports nothing) or valid-rows-only. The rows are written
// in one transaction either way, so an import is never half done; progress is kept on the job.
import { AppError, isAppError, newSid, translate, type Language } from '@ipdesk/core';
import ExcelJS from 'exceljs';
import type { Principal } from '../../http/context.js';
import type { AccountsContext } from '../accounts/context.js';
import { audit } from '../accounts/context.js';
import { dictionaryOptions } from '../dictionary/dictionary.js';
import { dictionariesFor, insertRecords } from '../models/records.js';
import type { ResolvedField, ResolvedModel } from '../models/registry.js';
import { checkValues } from '../models/values.js';
import type { ModelRegistry } from '../models/registry.js';
import { validReferences } from '../models/references.js';
import { importCell, type OptionLabels } from './cells.js';
import { inspectZip } from './zip-guard.js';

export type ImportMode = 'all_or_nothing' | 'valid_only';
const MAX_ROWS = 200_000;
const MAX_STORED_ERRORS = 1000;
const PROGRESS_EVERY = 2000;

const pick = (labels: { zh: string; en: string }, language: Language) => (language === 'en' ? labels.en : labels.zh);

/** Fields a file may fill: not system, not files, flagged for import, and writable by the caller. */
export function importableFields(model: ResolvedModel): ResolvedField[] {
  return [...model.fields.values()].filter(
    (f) => !f.system && !f.readOnly && f.dataType !== 'file' && (f.declaration?.flags.import ?? true),
  );
}

async function optionLabels(
  ctx: AccountsContext,
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
          (await dictionaryOptions(ctx.db, tenantSid, dictionary))
            .filter((o) => !o.disabled)
            .map((o) => [o.key, o.labels]),
        ),
      );
    }
  }
  return result;
}

export async function importTemplate(
  ctx: AccountsContext,
  model: ResolvedModel,
  tenantSid: string,
  language: Language,
): Promise<Buffer> {
  const fields = importableFields(model);
  const options = await optionLabels(ctx, tenantSid, fields);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(translate(language, 'import.sheetName'));
  sheet.columns = fields.map((f) => ({
    header: `${f.declaration?.required ? '*' : ''}${pick(f.label, language)}`,
    key: f.name,
    width: 22,
  }));
  sheet.getRow(1).font = { bold: true };
  fields.forEach((field, index) => {
    const dictionary = field.declaration?.dictionary;
    const labels = dictionary ? [...(options.get(dictionary)?.values() ?? [])].map((l) => pick(l, language)) : [];
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
  total: number;
  processed: number;
  imported: number;
  error_count: number;
  errors: Array<{ row: number; field: string; label: string; message: string }>;
  failure: string | null;
  created_at: Date;
  finished_at: Date | null;
}

export async function readImportJob(ctx: AccountsContext, principal: Principal, sid: string): Promise<ImportJobView> {
  const rows = await ctx.db.query<ImportJobView>(
    'SELECT sid, model, mode, status, total, processed, imported, error_count, errors, failure, created_at, finished_at FROM import_job WHERE sid = $1 AND tenant_sid = $2 AND user_sid = $3',
    [sid, principal.tenantSid, principal.userSid],
  );
  if (!rows[0]) throw new AppError('recordNotFound');
  return rows[0];
}

/** Checks the file and records the job; the rows are processed after the answer. */
export async function startImport(
  ctx: AccountsContext,
  model: ResolvedModel,
  principal: Principal,
  input: { bytes: Buffer; mode: ImportMode; language: Language; requestId: string; registry: ModelRegistry },
): Promise<{ sid: string; done: Promise<void> }> {
  if (inspectZip(input.bytes)) throw new AppError('fileType', { params: { allowed: 'xlsx' } });
  const sid = newSid();
  await ctx.db.query(
    "INSERT INTO import_job (sid, tenant_sid, user_sid, company_sid, model, mode, status, created_at) VALUES ($1, $2, $3, $4, $5, $6, 'waiting', $7)",
    [sid, principal.tenantSid, principal.userSid, principal.companySid ?? null, model.name, input.mode, ctx.now()],
  );
  const done = runImport(ctx, model, principal, sid, input).catch(async (error: unknown) => {
    const failure = isAppError(error)
      ? translate(input.language, error.definition.messageKey, error.params)
      : translate(input.language, 'import.failureUnreadable');
    await ctx.db.query("UPDATE import_job SET status = 'failed', failure = $2, finished_at = $3 WHERE sid = $1", [
      sid,
      failure,
      ctx.now(),
    ]);
  });
  return { sid, done };
}

function headerField(fields: ResolvedField[], header: string): ResolvedField | undefined {
  const text = header.replace(/^\*/, '').trim().toLowerCase();
  return fields.find(
    (f) => f.name.toLowerCase() === text || f.label.zh.toLowerCase() === text || f.label.en.toLowerCase() === text,
  );
}

async function runImport(
  ctx: AccountsContext,
  model: ResolvedModel,
  principal: Principal,
  sid: string,
  input: { bytes: Buffer; mode: ImportMode; language: Language; requestId: string; registry: ModelRegistry },
): Promise<void> {
  const { language } = input;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(input.bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError('fileType', { params: { allowed: 'xlsx' } });
  const fields = importableFields(model);
  const columns: Array<ResolvedField | undefined> = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, column) => {
    const header = String(cell.text ?? '').trim();
    if (!header) return;
    const field = headerField(fields, header);
    if (!field)
      throw new AppError('validation', {
        issues: [
          {
            field: 'file',
            labelKey: 'field.data',
            messageKey: 'import.unknownColumn',
            params: { column: header.slice(0, 60) },
          },
        ],
      });
    columns[column] = field;
  });
  // actualRowCount walks every row: read it once (in the loop condition it made imports quadratic).
  const lastRow = Math.max(sheet.rowCount, sheet.actualRowCount);
  const total = Math.max(0, lastRow - 1);
  if (total > MAX_ROWS) throw new AppError('payloadTooLarge');
  await ctx.db.query("UPDATE import_job SET status = 'running', total = $2 WHERE sid = $1", [sid, total]);

  const options = await optionLabels(ctx, principal.tenantSid, fields);
  const dictionaries = await dictionariesFor(ctx.db, principal.tenantSid, model);
  const unique = fields.filter((f) => f.declaration?.unique);
  const seen = new Map<string, Map<string, number>>(unique.map((f) => [f.name, new Map()]));
  const valid: Array<{ row: number; values: Map<string, unknown> }> = [];
  const errors: ImportJobView['errors'] = [];
  let errorCount = 0;
  const addError = (row: number, field: string, label: string, message: string) => {
    errorCount++;
    if (errors.length < MAX_STORED_ERRORS) errors.push({ row, field, label, message });
  };

  for (let rowNumber = 2; rowNumber <= lastRow; rowNumber++) {
    const row = sheet.getRow(rowNumber);
    if (!row.hasValues) continue;
    const data: Record<string, unknown> = {};
    columns.forEach((field, column) => {
      if (field)
        data[field.name] = importCell(
          field.dataType,
          field.multiple,
          row.getCell(column).value,
          field.declaration?.dictionary ? options.get(field.declaration.dictionary) : undefined,
        );
    });
    try {
      const { values } = checkValues(model, data, 'create', language, dictionaries);
      let duplicate = false;
      for (const field of unique) {
        const key = String(values.get(field.name) ?? '').toLowerCase();
        const first = seen.get(field.name)!.get(key);
        if (key && first !== undefined) {
          addError(
            rowNumber,
            field.name,
            pick(field.label, language),
            translate(language, 'import.duplicateInFile', { row: first }),
          );
          duplicate = true;
        } else if (key) seen.get(field.name)!.set(key, rowNumber);
      }
      if (!duplicate) valid.push({ row: rowNumber, values });
    } catch (error) {
      if (!isAppError(error)) throw error;
      for (const f of error.fieldsIn((key, params) => translate(language, key, params)))
        addError(rowNumber, f.field, f.label, f.message);
    }
    if ((rowNumber - 1) % PROGRESS_EVERY === 0)
      await ctx.db.query('UPDATE import_job SET processed = $2 WHERE sid = $1', [sid, rowNumber - 1]);
  }

  // Values already taken in the database, for each unique field.
  for (const field of unique) {
    const keys = valid.map((v) => String(v.values.get(field.name) ?? '').toLowerCase()).filter(Boolean);
    const taken = new Set<string>();
    for (let i = 0; i < keys.length; i += 5000) {
      const found = await ctx.db.query<{ value: string }>(
        `SELECT lower(${field.name}) AS value FROM ${model.table} WHERE tenant_sid = $1 AND lower(${field.name}) = ANY($2::text[])`,
        [principal.tenantSid, keys.slice(i, i + 5000)],
      );
      for (const r of found) taken.add(r.value);
    }
    for (let i = valid.length - 1; i >= 0; i--) {
      const value = String(valid[i]!.values.get(field.name) ?? '');
      if (taken.has(value.toLowerCase())) {
        addError(
          valid[i]!.row,
          field.name,
          pick(field.label, language),
          translate(language, 'error.duplicateValue', { label: pick(field.label, language), value }),
        );
        valid.splice(i, 1);
      }
    }
  }
  // References must point at valid data of the tenant (spec §4), checked per field for all rows at once.
  for (const field of fields.filter((f) => f.dataType === 'ref')) {
    const wanted = [
      ...new Set(valid.flatMap((v) => [v.values.get(field.name) ?? []].flat() as string[]).filter(Boolean)),
    ];
    if (wanted.length === 0) continue;
    const allowed = await validReferences(ctx.db, input.registry, field, principal.tenantSid, wanted);
    if (!allowed) continue;
    for (let i = valid.length - 1; i >= 0; i--) {
      const refs = [valid[i]!.values.get(field.name) ?? []].flat() as string[];
      if (refs.every((sid) => allowed.has(sid))) continue;
      addError(
        valid[i]!.row,
        field.name,
        pick(field.label, language),
        translate(language, 'validation.invalidReference'),
      );
      valid.splice(i, 1);
    }
  }
  errors.sort((a, b) => a.row - b.row);

  const writeAll = input.mode === 'valid_only' || errorCount === 0;
  const now = ctx.now();
  const imported = writeAll
    ? await ctx.db.transaction(async (tx) => {
        const sids = await insertRecords(
          tx,
          model,
          principal,
          valid.map((v) => v.values),
          now,
        );
        // Domain rules follow imported rows as they follow saved ones (e.g. a case's deadlines and fees).
        await input.registry.hooks
          .of(model.name)
          ?.afterImport?.(tx, { principal, sids, now, language, requestId: input.requestId });
        const count = sids.length;
        await audit(tx, {
          tenantSid: principal.tenantSid,
          actorSid: principal.userSid,
          action: 'record.imported',
          target: model.name,
          detail: { job: sid, rows: count },
          requestId: input.requestId,
          at: now,
        });
        return count;
      })
    : 0;
  await ctx.db.query(
    'UPDATE import_job SET status = $2, processed = total, imported = $3, error_count = $4, errors = $5, finished_at = $6 WHERE sid = $1',
    [sid, writeAll ? 'completed' : 'failed', imported, errorCount, JSON.stringify(errors), ctx.now()],
  );
}

/** At start: jobs a stopped server left unfinished are failed visibly, never left hanging. */
export async function failInterruptedImports(ctx: AccountsContext): Promise<void> {
  await ctx.db.query(
    "UPDATE import_job SET status = 'failed', failure = 'import.failureRestart', finished_at = $1 WHERE status IN ('waiting', 'running')",
    [ctx.now()],
  );
}
