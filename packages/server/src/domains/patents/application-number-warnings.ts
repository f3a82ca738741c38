// Non-blocking warnings on a case's application number (patents issue 14): the same number already on
// another case of the tenant (with links to the ones the caller may see), and a CN number whose type
// digit contradicts the case's patent type. They never refuse a save: a docketing user may be entering
// a known duplicate on purpose (a transferred case, a re-filed record) and decides.
import {
  applicationNumberTypeConflict,
  cnTypeOfNumber,
  patentModel,
  tableOf,
  translate,
  type Language,
  type MessageKey,
  type RowOf,
} from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import type { ModelHooks, RecordWarning, WarningEvent } from '../../platform/models/hooks.js';
import { scopeCondition } from '../../platform/models/scope.js';
import { SqlParams } from '../../platform/models/sql-params.js';

type PatentRow = RowOf<typeof patentModel>;

/** At most this many other cases are named; the rest are counted. */
const MAX_LINKED = 5;

const TYPE_NAME: Record<string, MessageKey> = {
  invention: 'patentWarning.type.invention',
  utility_model: 'patentWarning.type.utility_model',
  design: 'patentWarning.type.design',
};

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' && value.length <= 64 ? value.trim() : undefined;

async function duplicateWarning(
  db: Queryable,
  { principal, model, record, language }: WarningEvent<PatentRow>,
  number: string,
  office: string,
): Promise<RecordWarning | undefined> {
  // Tenant-wide (a duplicate in another sub-company is still a duplicate); only cases the caller may see
  // are named, the others counted, so the warning reveals no title the caller could not read.
  const params = new SqlParams([principal.tenantSid, number, office, typeof record.sid === 'string' ? record.sid : '']);
  const rows = await db.query<{ sid: string; sn: string; title: string; visible: boolean }>(
    `SELECT t.sid, t.sn, t.title, (${scopeCondition(principal, model, params)}) AS visible
       FROM ${tableOf(patentModel)} t
      WHERE t.tenant_sid = $1 AND t.application_number = $2 AND t.country = $3 AND t.sid <> $4
      ORDER BY t.sn
      LIMIT 50`,
    params.values as never,
  );
  if (rows.length === 0) return undefined;
  const visible = rows.filter((r) => r.visible).slice(0, MAX_LINKED);
  const links = visible.map((r) => ({ model: 'patent', sid: r.sid, label: `${r.sn} ${r.title}` }));
  const message = visible.length
    ? translate(language, 'patentWarning.applicationNumberDuplicate', {
        number,
        cases: links.map((l) => l.label).join(language === 'en' ? '; ' : '；'),
      })
    : translate(language, 'patentWarning.applicationNumberDuplicateHidden', { number, count: rows.length });
  return { code: 'applicationNumberDuplicate', field: 'application_number', message, links };
}

function typeWarning(
  number: string,
  office: string,
  patentType: string,
  language: Language,
): RecordWarning | undefined {
  const said = applicationNumberTypeConflict(office, number, patentType);
  const typeName = TYPE_NAME[patentType];
  if (!said || !typeName) return undefined;
  const body = number.split('.')[0]!;
  const digit = body[body.length === 12 ? 4 : 2]!;
  return {
    code: 'applicationNumberType',
    field: 'application_number',
    message: translate(language, 'patentWarning.applicationNumberType', {
      digit,
      said: translate(language, TYPE_NAME[said]!),
      type: translate(language, typeName),
    }),
  };
}

export const applicationNumberWarningHooks: ModelHooks<PatentRow> = {
  warningFields: ['application_number', 'country', 'patent_type'],
  async warnings(db, event) {
    const number = text(event.record.application_number);
    const office = text(event.record.country);
    if (!number || !office) return [];
    const warnings: RecordWarning[] = [];
    const duplicate = await duplicateWarning(db, event, number, office);
    if (duplicate) warnings.push(duplicate);
    const patentType = text(event.record.patent_type);
    if (patentType && cnTypeOfNumber(office, number)) {
      const conflict = typeWarning(number, office, patentType, event.language);
      if (conflict) warnings.push(conflict);
    }
    return warnings;
  },
};
