// Export to xlsx: a short-lived link is made for the caller's query (spec §8 "export link invalid:
// reselect the data"), and downloading it streams the rows page by page, in the query's own order
// (keyset pages where the order allows, else offset pages), into a streaming workbook, so 100k rows
// never sit in memory at once. Dates are date cells and numbers numbers, so a file re-imports as is.
import { createHash, randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { AppError, modelResourceCode, recordAction, type Language, labelIn } from '@ipdesk/core';
import ExcelJS from 'exceljs';
import type { Principal } from '../../http/context.js';
import type { AccountsContext } from '../accounts/context.js';
import { audit } from '../accounts/context.js';
import type { TenantModels } from '../custom-fields/service.js';
import { dictionaryOptions } from '../dictionary/dictionary.js';
import type { ResolvedField, ResolvedModel } from '../../platform/models/registry.js';
import { localizeRows, withLocalizeReads } from '../../platform/models/localize.js';
import { searchRecords, type SearchDeps } from '../../platform/models/search.js';
import { exportCell, type OptionLabels } from './cells.js';
import { referenceText, titlesForRows } from '../../platform/models/reference-titles.js';
import { loadAccess } from '../rbac/access.js';
import { viewFor } from '../rbac/model-view.js';
import { contextOf, type RequestContext } from '../../platform/context.js';

const LINK_MINUTES = 10;
const PAGE = 1000;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Refuses, before a link is made, an export whose query cannot run: a bad iql, a field the caller may
 * not see or that does not exist (in the query or the column list). The query runs for one row, in the
 * caller's scope, so what the download would stumble on is the answer now, not a broken link.
 */
export async function checkExportQuery(
  deps: SearchDeps,
  ctx: Pick<RequestContext, 'principal' | 'now'>,
  input: { model: ResolvedModel; iql: string; fields?: string[] },
): Promise<void> {
  const { model } = input;
  const unknown = (input.fields ?? []).filter((name) => !model.fields.has(name));
  if (unknown.length)
    throw new AppError('validation', {
      issues: [
        {
          field: 'fl',
          labelKey: 'field.fieldList',
          messageKey: 'validation.unrecognizedKeys',
          params: { keys: unknown.join(', ') },
        },
      ],
    });
  await searchRecords(deps, ctx, { model, iql: input.iql, start: 0, rows: 1, total: false });
}

/** A link for the caller's query; the file comes in the caller's language. */
export async function createExportLink(
  deps: Pick<AccountsContext, 'db'>,
  ctx: RequestContext,
  input: { model: string; iql: string; fields?: string[] },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(16).toString('hex');
  const expiresAt = new Date(ctx.now.getTime() + LINK_MINUTES * 60_000);
  await deps.db.query(
    `INSERT INTO export_link (token_hash, tenant_sid, user_sid, session_sid, company_sid, model, iql, fields, language, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      hash(token),
      ctx.tenantSid,
      ctx.userSid,
      ctx.principal.sessionSid,
      ctx.companySid ?? null,
      input.model,
      input.iql,
      input.fields ?? null,
      ctx.language,
      expiresAt,
    ],
  );
  return { token, expiresAt };
}

export interface ExportDownload {
  fileName: string;
  stream: PassThrough;
}

function exportableFields(model: ResolvedModel, wanted: string[] | null): ResolvedField[] {
  return [...model.fields.values()].filter(
    (f) =>
      (f.name === 'sid' || (!f.system && (f.declaration?.flags.export ?? true))) &&
      (!wanted?.length || wanted.includes(f.name) || f.name === 'sid'),
  );
}

/**
 * Opens a link: it must be unexpired and its session alive. The rows are those its owner may see now.
 * No one is signed in (the token is the permission): the request gives only its id, and the search acts
 * for the link's owner, its relative dates counted from the opening. The file streams on after the
 * request has been answered: its audit entry is written, at that moment, once the file is complete.
 */
export async function openExport(
  deps: SearchDeps & { accounts: Pick<AccountsContext, 'db' | 'now'>; models: TenantModels },
  ctx: Pick<RequestContext, 'requestId'>,
  input: { token: string },
): Promise<ExportDownload> {
  const { accounts, models } = deps;
  const rows = await accounts.db.query<{
    tenant_sid: string;
    user_sid: string;
    session_sid: string;
    company_sid: string | null;
    model: string;
    iql: string;
    fields: string[] | null;
    language: Language;
    expires_at: Date;
    alive: boolean;
    side: 1 | 2;
    is_tenant_admin: boolean;
  }>(
    `SELECT l.*, (s.revoked_at IS NULL AND s.expires_at > $2 AND u.status = 1) AS alive, s.user_type_client AS side, u.is_tenant_admin
       FROM export_link l JOIN auth_session s ON s.sid = l.session_sid JOIN user_account u ON u.sid = l.user_sid
      WHERE l.token_hash = $1`,
    [hash(input.token), accounts.now()],
  );
  const link = rows[0];
  if (!link || link.expires_at <= accounts.now() || !link.alive) throw new AppError('exportLinkExpired');
  const declared = await models.resolve(link.tenant_sid, link.model);
  if (!declared) throw new AppError('exportLinkExpired');
  const subject = {
    userSid: link.user_sid,
    tenantSid: link.tenant_sid,
    side: link.side,
    isTenantAdmin: link.is_tenant_admin,
  };
  // Permissions as they are now: a right revoked since the link was made stops the download.
  const access = await loadAccess(accounts.db, deps.registry.resources, subject);
  if (!access.resources.has(modelResourceCode(link.model, 'export'))) throw new AppError('permissionDenied');
  const model = viewFor(declared, access);
  const principal: Principal = {
    ...subject,
    sessionSid: link.session_sid,
    companySid: link.company_sid ?? undefined,
    passwordChangeRequired: false,
    access,
  };
  // The owner's search, in the link's language, under this request.
  const owner = contextOf(principal, { language: link.language, requestId: ctx.requestId, now: accounts.now() });
  const fields = exportableFields(model, link.fields);
  const options = new Map<string, OptionLabels>();
  for (const field of fields) {
    const dictionary = field.declaration?.dictionary;
    if (dictionary && !options.has(dictionary)) {
      options.set(
        dictionary,
        new Map((await dictionaryOptions(accounts.db, link.tenant_sid, dictionary)).map((o) => [o.key, o.labels])),
      );
    }
  }
  // Validate the query before answering, so a bad one is an error and not a broken file.
  await searchRecords(deps, owner, { model, iql: link.iql, start: 0, rows: 1, total: false });

  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet(labelIn(model.declaration.label, link.language));
  sheet.columns = fields.map((f) => ({
    header: labelIn(f.label, link.language),
    key: f.name,
    width: f.dataType === 'text' ? 40 : 18,
    ...(f.dataType === 'date' && !f.multiple && { style: { numFmt: 'yyyy-mm-dd' } }),
    ...(f.dataType === 'timestamp' && !f.multiple && { style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } }),
  }));
  void (async () => {
    let cursor: string | undefined;
    let count = 0;
    try {
      for (;;) {
        const page = await searchRecords(deps, owner, {
          model,
          iql: link.iql,
          fl: withLocalizeReads(
            model,
            fields.map((f) => f.name),
          ),
          start: 0,
          rows: PAGE,
          cursor,
          total: false,
        });
        // Linked records as their titles ("—" where the owner may not see one): one lookup per page and target.
        const titles = await titlesForRows(
          accounts.db,
          deps.registry,
          principal,
          link.language,
          model,
          page.rows,
          fields.map((f) => f.name),
        );
        for (const row of localizeRows(model, page.rows, link.language)) {
          const values: Record<string, unknown> = {};
          for (const f of fields) {
            if (f.dataType === 'ref' && f.target) {
              values[f.name] = referenceText(titles, f.target, row[f.name]);
              continue;
            }
            values[f.name] = exportCell(
              f.dataType,
              f.multiple,
              row[f.name],
              f.declaration?.dictionary ? options.get(f.declaration.dictionary) : undefined,
              link.language,
            );
          }
          sheet.addRow(values).commit();
        }
        count += page.rows.length;
        // Every order answers a cursor while rows remain: chunk after chunk walks the sort index from
        // where the last one ended, never re-reading what an OFFSET would skip.
        cursor = page.next_cursor;
        if (!cursor) break;
      }
      sheet.commit();
      await workbook.commit();
      await accounts.db.transaction((tx) =>
        audit(tx, {
          tenantSid: link.tenant_sid,
          actorSid: link.user_sid,
          action: recordAction(model.name, 'exported'),
          target: model.name,
          detail: { rows: count, iql: link.iql },
          requestId: ctx.requestId,
          at: accounts.now(),
        }),
      );
    } catch (error) {
      stream.destroy(error as Error);
    }
  })();
  return { fileName: `${model.name}-${accounts.now().toISOString().slice(0, 10)}.xlsx`, stream };
}
