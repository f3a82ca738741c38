// Running one import job a server has leased. The file is read as a stream twice, in chunks that yield
// to the event loop, so memory stays bounded and other requests are served meanwhile:
//   validating: every row is checked (model rules, duplicates in the file and in the database,
//               references); only errors, duplicate keys and the numbers of refused rows are kept;
//   writing:    the rows not refused are read again and inserted chunk by chunk, with the model's
//               import hooks, and the job is completed.
// On PostgreSQL the writing phase is one transaction that also completes the job, so rows and the
// job's completion commit together (progress is written from another connection meanwhile). The
// embedded engine has a single connection, where one long transaction would stall every other
// request: there each chunk commits with its progress, and the last one completes the job.
import { AppError, modelResourceCode, recordAction, translate, type Language, labelIn, type Label } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import type { Principal } from '../../http/context.js';
import type { AccountsContext } from '../accounts/context.js';
import { audit } from '../accounts/context.js';
import type { TenantModels } from '../custom-fields/service.js';
import { dictionariesFor, insertRecords } from '../../platform/models/records.js';
import { validReferences } from '../../platform/models/references.js';
import type { ModelRegistry, ResolvedField, ResolvedModel } from '../../platform/models/registry.js';
import { importableFields, optionLabels, type ImportMode } from './import.js';
import { isBlankRow, mapHeader, rowChecker, type ImportError, type RowChecker } from './import-rows.js';
import { mergedRanges, readSheetRows, type SheetRow } from './sheet-reader.js';
import { resolveReferenceCells, type NewNames } from './reference-cells.js';
import { checkValues } from '../../platform/models/values.js';
import { contextOf } from '../../platform/context.js';
import { jobPrincipal } from '../../platform/jobs/job-principal.js';
import { viewFor } from '../rbac/model-view.js';
import { importNotice } from './import-notice.js';
import { inBothLanguages } from '../../platform/notifications/job-notices.js';

/** Data rows one file may hold (docs/models.md "Import"); more is refused before anything is written. */
export const MAX_IMPORT_ROWS = 100_000;
const MAX_STORED_ERRORS = 1000;
/** Rows checked per step (their database checks are a few indexed lookups). */
const CHECK_CHUNK = 100;
/**
 * Rows written per statement and hook call. The embedded engine runs SQL on the event loop's thread: an
 * insert of 250 patents (with their trigram indexes) and its deadline recompute took 1–2 s there, so it
 * writes 25 at a time; PostgreSQL works in its own process and takes larger steps.
 */
const WRITE_CHUNK = { pglite: 25, postgres: 500 } as const;
/** How often the embedded engine's chunks write the count of rows written so far. */
const PROGRESS_EVERY_MS = 1000;

export interface LeasedJob {
  sid: string;
  tenant_sid: string;
  user_sid: string;
  company_sid: string | null;
  model: string;
  mode: ImportMode;
  side: 1 | 2;
  language: Language;
  request_id: string | null;
  /** The user confirmed creating the records the file names that match none (reference-cells.ts). */
  create_names: boolean;
}

export interface RunContext {
  accounts: AccountsContext;
  registry: ModelRegistry;
  models: TenantModels;
  /** This server's lease owner id: the job is only written while it still holds it. */
  owner: string;
  /** True once the server is stopping: the job ends at its next chunk instead of holding the shutdown. */
  stopping?: () => boolean;
}

class LeaseLost extends Error {}
/** The server stopped while the job ran; it is failed as interrupted (and can be imported again). */
export class ImportStopped extends Error {}

/** Chunks of data rows (blank rows dropped), row 1 handed to onHeader first. */
async function* dataChunks(
  bytes: Buffer,
  size: number,
  onHeader: (row: SheetRow | undefined) => void,
): AsyncGenerator<SheetRow[]> {
  let chunk: SheetRow[] = [];
  let first = true;
  for await (const row of readSheetRows(bytes)) {
    if (first) {
      first = false;
      onHeader(row.number === 1 ? row : undefined);
      if (row.number === 1) continue;
    }
    if (isBlankRow(row)) continue;
    chunk.push(row);
    if (chunk.length === size) {
      yield chunk;
      chunk = [];
    }
  }
  if (first) onHeader(undefined);
  if (chunk.length) yield chunk;
}

export async function runImportJob(run: RunContext, job: LeasedJob, bytes: Buffer): Promise<void> {
  const db = run.accounts.db;
  const language = job.language;
  const { principal, model } = await jobPrincipal(
    { db: run.accounts.db, registry: run.registry, models: run.models },
    job,
    modelResourceCode(job.model, 'import'),
  );
  const fields = importableFields(model);
  const otherFields = [...model.fields.values()].filter((f) => !fields.includes(f));
  const options = await optionLabels(run.accounts, principal.tenantSid, fields);
  const dictionaries = await dictionariesFor(db, principal.tenantSid, model);
  const merged = await mergedRanges(bytes);
  const newNames = job.create_names ? await creatableTargets(run, principal, model, language) : undefined;

  const errors: ImportError[] = [];
  let errorCount = 0;
  const addError = (error: ImportError) => {
    errorCount++;
    if (errors.length < MAX_STORED_ERRORS) errors.push(error);
  };
  const progress = (sql: string, params: unknown[]) =>
    db.query(`UPDATE import_job SET ${sql} WHERE sid = $1 AND lease_owner = $2`, [
      job.sid,
      run.owner,
      ...params,
    ] as never);

  // ---- validating
  let checker: RowChecker | undefined;
  let columnFields: ReadonlyArray<ResolvedField | undefined> = [];
  let headerErrors: ImportError[] = [];
  const onHeader = (row: SheetRow | undefined) => {
    const mapped = mapHeader(row, fields, otherFields, merged, language);
    if ('errors' in mapped) headerErrors = mapped.errors;
    else {
      checker = rowChecker(model, mapped.map, options, dictionaries, language);
      columnFields = mapped.map.fields;
    }
  };
  const unique = fields.filter((f) => f.declaration?.unique);
  const seen = new Map<string, Map<string, number>>(unique.map((f) => [f.name, new Map()]));
  const refused = new Set<number>();
  let total = 0;
  const checkStopping = () => {
    if (run.stopping?.()) throw new ImportStopped();
  };
  for await (const chunk of dataChunks(bytes, CHECK_CHUNK, onHeader)) {
    if (!checker) break;
    checkStopping();
    total += chunk.length;
    if (total > MAX_IMPORT_ROWS) throw new AppError('importTooManyRows', { params: { max: MAX_IMPORT_ROWS } });
    const valid: Array<{ row: number; values: Map<string, unknown> }> = [];
    for (const row of await resolveReferenceCells(db, run.registry, principal, columnFields, chunk, newNames)) {
      const { values, errors: rowErrors } = checker.check(row);
      rowErrors.forEach(addError);
      if (!values) {
        refused.add(row.number);
        continue;
      }
      let duplicate = false;
      for (const field of unique) {
        const key = String(values.get(field.name) ?? '').toLowerCase();
        const first = seen.get(field.name)!.get(key);
        if (key && first !== undefined) {
          addError(checker.errorFor(row.number, field, translate(language, 'import.duplicateInFile', { row: first })));
          duplicate = true;
        } else if (key) seen.get(field.name)!.set(key, row.number);
      }
      if (duplicate) refused.add(row.number);
      else valid.push({ row: row.number, values });
    }
    await checkAgainstDatabase(run, model, principal, checker, valid, refused, addError, language, newNames);
    await progress('processed = $3', [total]);
  }
  if (headerErrors.length) {
    headerErrors.forEach(addError);
    const first = headerErrors[0]!;
    await finishFailed(run, job, errorCount, errors, cellMessage(language, first), undefined, (l) =>
      cellMessage(l, first),
    );
    return;
  }
  errors.sort((a, b) => a.row - b.row || a.column.localeCompare(b.column));
  const toWrite = total - refused.size;
  if (job.mode === 'all_or_nothing' && errorCount > 0) {
    await finishFailed(run, job, errorCount, errors, null, total);
    return;
  }
  await progress("phase = 'writing', total = $3, processed = $3, to_write = $4, error_count = $5, errors = $6", [
    total,
    toWrite,
    errorCount,
    JSON.stringify(errors),
  ]);

  // ---- writing: for the user who queued the job, under the upload's request id, at one moment.
  const ctx = contextOf(principal, { language, requestId: job.request_id ?? '', now: run.accounts.now() });
  const { now, requestId } = ctx;
  const hooks = run.registry.hooks.of(model.name);
  let written = 0;
  const writeChunk = async (tx: Queryable, chunk: SheetRow[]) => {
    checkStopping();
    const records: Array<Map<string, unknown>> = [];
    const wanted = chunk.filter((row) => !refused.has(row.number));
    for (const row of await resolveReferenceCells(tx, run.registry, principal, columnFields, wanted, newNames)) {
      const { values, errors: rowErrors } = checker!.check(row);
      // The file has not changed since it was checked: a row that fails now is a bug, not user input.
      if (!values) throw new Error(`import row ${row.number} changed between reads: ${rowErrors[0]?.message}`);
      records.push(values);
    }
    if (!records.length) return;
    await hooks?.beforeImport?.(tx, { principal, records, now });
    const sids = await insertRecords(tx, ctx, { model, records });
    // Domain rules follow imported rows as they follow saved ones (e.g. a case's deadlines and fees).
    await hooks?.afterImport?.(tx, { principal, sids, now, language, requestId });
    written += sids.length;
  };
  // Names the user confirmed creating, with the sids the checked rows point at, before the rows.
  const createNames = async (tx: Queryable) => {
    for (const [target, { names }] of newNames ?? []) {
      if (!names.size) continue;
      const created = await createNamedRecords(tx, run, ctx, target, [...names.values()]);
      await audit(tx, {
        tenantSid: ctx.tenantSid,
        actorSid: ctx.userSid,
        action: recordAction(target, 'imported'),
        target,
        detail: { job: job.sid, rows: created.length, named_by: model.name, sids: created },
        requestId,
        at: now,
      });
    }
  };
  const complete = async (tx: Queryable) => {
    await audit(tx, {
      tenantSid: ctx.tenantSid,
      actorSid: ctx.userSid,
      action: recordAction(model.name, 'imported'),
      target: model.name,
      detail: { job: job.sid, rows: written },
      requestId,
      at: now,
    });
    const done = await tx.query(
      `UPDATE import_job SET status = 'completed', phase = 'done', imported = $3, finished_at = $4, lease_owner = NULL
        WHERE sid = $1 AND lease_owner = $2 AND status = 'running' RETURNING sid`,
      [job.sid, run.owner, written, run.accounts.now()],
    );
    // Another server failed the job (our lease had expired): its rows must not commit.
    if (!done.length) throw new LeaseLost();
    await tx.query('DELETE FROM import_job_file WHERE job_sid = $1', [job.sid]);
    await importNotice(tx, run.registry, job, { finished: written, unit: 'records' }, run.accounts.now());
  };
  const chunks = dataChunks(bytes, WRITE_CHUNK[db.engine], () => undefined);
  if (db.engine === 'postgres') {
    await db.transaction(async (tx) => {
      await createNames(tx);
      for await (const chunk of chunks) {
        await writeChunk(tx, chunk);
        await progress('imported = $3', [written]);
      }
      await complete(tx);
    });
  } else {
    await db.transaction(createNames);
    // The count shown while it runs moves once a second, not once per 25 rows (4,000 updates in 100,000 rows).
    let shownAt = performance.now();
    for await (const chunk of chunks) {
      await db.transaction(async (tx) => {
        await writeChunk(tx, chunk);
        if (performance.now() - shownAt < PROGRESS_EVERY_MS) return;
        shownAt = performance.now();
        await tx.query('UPDATE import_job SET imported = $2 WHERE sid = $1', [job.sid, written]);
      });
    }
    await db.transaction(complete);
  }
}

async function checkAgainstDatabase(
  run: RunContext,
  model: ResolvedModel,
  principal: Principal,
  checker: RowChecker,
  valid: Array<{ row: number; values: Map<string, unknown> }>,
  refused: Set<number>,
  addError: (error: ImportError) => void,
  language: Language,
  newNames: NewNames | undefined,
): Promise<void> {
  const db = run.accounts.db;
  const pick = (labels: Label) => labelIn(labels, language);
  const fields = importableFields(model);
  // Values already taken in the database, for each unique field.
  for (const field of fields.filter((f) => f.declaration?.unique)) {
    const keys = valid.map((v) => String(v.values.get(field.name) ?? '').toLowerCase()).filter(Boolean);
    if (!keys.length) continue;
    const taken = new Set(
      (
        await db.query<{ value: string }>(
          `SELECT lower(${field.name}) AS value FROM ${model.table} WHERE tenant_sid = $1 AND lower(${field.name}) = ANY($2::text[])`,
          [principal.tenantSid, keys],
        )
      ).map((r) => r.value),
    );
    for (const v of valid) {
      const value = String(v.values.get(field.name) ?? '');
      if (refused.has(v.row) || !taken.has(value.toLowerCase())) continue;
      addError(
        checker.errorFor(
          v.row,
          field,
          translate(language, 'error.duplicateValue', { label: pick(field.label), value }),
        ),
      );
      refused.add(v.row);
    }
  }
  // References must point at valid data of the tenant (spec §4), checked per field for the chunk at once.
  for (const field of fields.filter((f) => f.dataType === 'ref')) {
    const wanted = [
      ...new Set(valid.flatMap((v) => [v.values.get(field.name) ?? []].flat() as string[]).filter(Boolean)),
    ];
    if (wanted.length === 0) continue;
    const allowed = await validReferences(db, run.registry, field, principal, wanted);
    if (!allowed) continue;
    // Records the job creates from names are valid once written.
    for (const { sid } of newNames?.get(field.target ?? '')?.names.values() ?? []) allowed.add(sid);
    for (const v of valid) {
      const refs = [v.values.get(field.name) ?? []].flat() as string[];
      if (refused.has(v.row) || refs.every((sid) => allowed.has(sid))) continue;
      addError(checker.errorFor(v.row, field, translate(language, 'validation.invalidReference')));
      refused.add(v.row);
    }
  }
}

/**
 * The targets of the model's reference fields whose records may be created from a name (nameFields) by
 * this user (the create right on the target): each with the check a name must pass there.
 */
async function creatableTargets(
  run: RunContext,
  principal: Principal,
  model: ResolvedModel,
  language: Language,
): Promise<NewNames> {
  const newNames: NewNames = new Map();
  for (const field of importableFields(model)) {
    const target = field.dataType === 'ref' && field.target ? run.registry.get(field.target) : undefined;
    const nameField = target?.declaration.nameFields?.[0];
    if (!target || !nameField || newNames.has(target.name)) continue;
    if (!principal.access.resources.has(modelResourceCode(target.name, 'create'))) continue;
    const view = viewFor(target, principal.access);
    const dictionaries = await dictionariesFor(run.accounts.db, principal.tenantSid, view);
    newNames.set(target.name, {
      accepts: (name) => {
        try {
          checkValues(view, { [nameField]: name }, 'create', language, dictionaries);
          return true;
        } catch {
          return false;
        }
      },
      names: new Map(),
    });
  }
  return newNames;
}

/** Creates the named records with their chosen sids, the name in the target's first name field. */
async function createNamedRecords(
  tx: Queryable,
  run: RunContext,
  ctx: ReturnType<typeof contextOf>,
  targetName: string,
  entries: ReadonlyArray<{ sid: string; name: string }>,
): Promise<string[]> {
  const target = viewFor(run.registry.get(targetName)!, ctx.principal.access);
  const nameField = target.declaration.nameFields![0];
  const dictionaries = await dictionariesFor(tx, ctx.tenantSid, target);
  const records = entries.map(
    ({ name }) => checkValues(target, { [nameField]: name }, 'create', ctx.language, dictionaries).values,
  );
  return insertRecords(tx, ctx, { model: target, records, sids: entries.map((e) => e.sid) });
}

/** "Row 1, column B: …" for the job's one-line failure. */
function cellMessage(language: Language, error: ImportError): string {
  return translate(language, 'import.cellMessage', {
    row: error.row,
    column: error.column || '-',
    message: error.message,
  });
}

async function finishFailed(
  run: RunContext,
  job: LeasedJob,
  errorCount: number,
  errors: ImportError[],
  failure: string | null,
  total?: number,
  /** The failure as each language words it (default: how many rows were refused). */
  reason: (language: Language) => string = (l) => translate(l, 'notification.job.refusedRows', { count: errorCount }),
): Promise<void> {
  await run.accounts.db.transaction(async (tx) => {
    const failed = await tx.query(
      `UPDATE import_job SET status = 'failed', phase = 'done', failure = $3, error_count = $4, errors = $5,
              total = COALESCE($6, total), finished_at = $7, lease_owner = NULL
        WHERE sid = $1 AND lease_owner = $2 RETURNING sid`,
      [job.sid, run.owner, failure, errorCount, JSON.stringify(errors), total ?? null, run.accounts.now()],
    );
    await tx.query('DELETE FROM import_job_file WHERE job_sid = $1', [job.sid]);
    if (failed.length)
      await importNotice(tx, run.registry, job, { failed: inBothLanguages(reason) }, run.accounts.now());
  });
}

export { LeaseLost };
