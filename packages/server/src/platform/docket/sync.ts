// Keeps a docketed model's stored rule deadlines in step with its rules (core docket/), for a batch of its
// records in the caller's transaction: open rule deadlines follow the rules; done ones keep their history;
// hand-made ones are never touched; a deadline whose rule no longer applies (its `when` stopped matching, its
// date was cleared) becomes cancelled, and opens again when the rule applies again. Set-based statements,
// so a recompute after a rules change stays fast; each write is audited as a hook write when asked to. A rule
// deadline counts as verified (docs/notifications.md "Deadline verification"): only hand-entered ones wait.
import {
  computeDocket,
  docketFields,
  docketPrint,
  newSid,
  storedTitle,
  toBasis,
  type DatedDeadline,
  type DocketedModel,
  type OfficeCalendar,
} from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import { auditHookWrites, type FieldChanges, type HookWrite, type HookWriteContext } from '../models/hook-writes.js';
import { fieldChanges } from '../models/records.js';
import type { ModelRegistry, ResolvedModel } from '../models/registry.js';

export type CalendarLookup = (office: string) => OfficeCalendar;

export interface DocketSyncOptions {
  tenantSid: string;
  now: Date;
  actorSid: string | null;
  calendars: CalendarLookup;
  /** A sync one request's write ran: an audit entry per deadline written, by that request's user. */
  audit?: HookWriteContext;
}

export interface DocketCounts {
  inserted: number;
  updated: number;
  cancelled: number;
}

/** What the comparison reads of a stored rule deadline (the store's standard fields, defineDeadlineModel). */
interface StoredDeadline {
  sid: string;
  record: string;
  rule_code: string;
  title: string;
  due_date: string;
  opens_on: string | null;
  status: string;
  base_date: string | null;
  unadjusted_date: string | null;
  rules_fingerprint: string | null;
}

/** The fields a rule writes on a deadline, as its record holds them (audit entries compare these). */
interface RuleFields {
  title: string;
  due_date: string;
  opens_on: string | null;
  status: string;
  base_date: string | null;
  unadjusted_date: string | null;
  rules_fingerprint: string | null;
}

const IDENTIFIER = /^[a-z][a-z0-9_]*$/;

function identifier(name: string): string {
  // Names come from declarations, never from input; checked anyway because they are spliced into SQL.
  if (!IDENTIFIER.test(name)) throw new Error(`not a column or model name: ${name}`);
  return name;
}

/** Dates read as 'YYYY-MM-DD' on both engines (db/pglite.ts, db/postgres.ts parsers). */
const day = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value).slice(0, 10);

function planned(d: DatedDeadline): RuleFields {
  return {
    // Both languages, for title searches; every output shows the reader's (the store's localize).
    title: storedTitle(d.label),
    due_date: d.dueDate,
    opens_on: d.opensOn ?? null,
    status: 'open',
    base_date: d.baseDate,
    unadjusted_date: d.unadjustedDate,
    rules_fingerprint: d.packVersion,
  };
}

function storedFields(s: StoredDeadline): RuleFields {
  return {
    title: s.title,
    due_date: day(s.due_date) ?? '',
    opens_on: day(s.opens_on),
    status: s.status,
    base_date: day(s.base_date),
    unadjusted_date: day(s.unadjusted_date),
    rules_fingerprint: s.rules_fingerprint,
  };
}

function diff(before: RuleFields, after: RuleFields): FieldChanges {
  return fieldChanges(
    before as unknown as Record<string, unknown>,
    after as unknown as Record<string, unknown>,
    Object.keys(after),
  );
}

/** A docketed model with its deadline store and the store's parent column. */
export interface DocketModels {
  model: ResolvedModel;
  docketed: DocketedModel;
  store: ResolvedModel;
  parentField: string;
}

/** The docket of a model and where its deadlines go, or undefined for a model that dockets nothing. */
export function docketModels(registry: ModelRegistry, name: string): DocketModels | undefined {
  const model = registry.get(name);
  const docket = model?.declaration.docket;
  const store = docket ? registry.get(docket.deadlineModel) : undefined;
  const parentField = store?.declaration.parent?.field;
  if (!model || !docket || !store || !parentField) return undefined;
  return { model, docketed: { name, fields: model.declaration.fields, docket }, store, parentField };
}

/** Recomputes these records' rule deadlines in the caller's transaction. */
export async function syncDocket(
  tx: Queryable,
  models: DocketModels,
  sids: readonly string[],
  options: DocketSyncOptions,
): Promise<DocketCounts> {
  const counts: DocketCounts = { inserted: 0, updated: 0, cancelled: 0 };
  if (sids.length === 0) return counts;
  const { model, docketed, store } = models;
  const parent = identifier(models.parentField);
  const read = docketFields(docketed.docket).map(identifier);
  const records = await tx.query<
    Record<string, unknown> & { sid: string; company_sid: string | null; created_by: string | null }
  >(
    `SELECT sid, company_sid, created_by${read.map((c) => `, ${c}`).join('')}
       FROM ${model.table} WHERE tenant_sid = $1 AND sid = ANY($2::text[])`,
    [options.tenantSid, sids],
  );
  const stored = await tx.query<StoredDeadline>(
    `SELECT sid, ${parent} AS record, rule_code, title, due_date, opens_on, status, base_date, unadjusted_date, rules_fingerprint
       FROM ${store.table} WHERE tenant_sid = $1 AND ${parent} = ANY($2::text[]) AND origin = 'rule'`,
    [options.tenantSid, records.map((r) => r.sid)],
  );
  const byRecord = new Map<string, StoredDeadline[]>();
  for (const s of stored) byRecord.set(s.record, [...(byRecord.get(s.record) ?? []), s]);

  const inserts: Array<{ sid: string; record: (typeof records)[number]; fields: RuleFields; deadline: DatedDeadline }> =
    [];
  const updates: Array<{ stored: StoredDeadline; fields: RuleFields; deadline?: DatedDeadline }> = [];
  for (const record of records) {
    const plans = new Map(computeDocket(docketed, record, options.calendars).map((d) => [d.ruleCode, d]));
    for (const s of byRecord.get(record.sid) ?? []) {
      const next = plans.get(s.rule_code);
      plans.delete(s.rule_code);
      // Done deadlines are history. The rules write status straight into the column (open, or cancelled when
      // the rule no longer applies): a system write of the rule engine, not the deadline's lifecycle actions.
      if (s.status === 'done') continue;
      const before = storedFields(s);
      const fields = next ? planned(next) : { ...before, status: 'cancelled' };
      if (Object.keys(diff(before, fields)).length > 0)
        updates.push({ stored: s, fields, ...(next && { deadline: next }) });
    }
    for (const deadline of plans.values()) inserts.push({ sid: newSid(), record, fields: planned(deadline), deadline });
  }

  const writes: HookWrite[] = [];
  const cause = 'docket';
  if (inserts.length) {
    const col = <T>(pick: (d: (typeof inserts)[number]) => T) => inserts.map(pick);
    await tx.query(
      `INSERT INTO ${store.table} (sid, tenant_sid, company_sid, created_at, created_by, updated_at, updated_by, version, custom,
         ${parent}, title, due_date, opens_on, status, origin, rule_code, base_date, unadjusted_date, rules_fingerprint,
         verification)
       SELECT u.sid, $1, u.company_sid, $2, u.created_by, $2, $3, 1, '{}'::jsonb,
         u.record, u.title, u.due_date, u.opens_on, 'open', 'rule', u.rule_code, u.base_date, u.unadjusted_date, u.print,
         'verified'
         FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::date[], $10::date[], $11::text[],
                     $12::date[], $13::date[], $14::text[])
           AS u(sid, company_sid, created_by, record, title, due_date, opens_on, rule_code, base_date, unadjusted_date, print)`,
      [
        options.tenantSid,
        options.now,
        options.actorSid,
        col((d) => d.sid),
        col((d) => d.record.company_sid),
        col((d) => d.record.created_by),
        col((d) => d.record.sid),
        col((d) => d.fields.title),
        col((d) => d.fields.due_date),
        col((d) => d.fields.opens_on),
        col((d) => d.deadline.ruleCode),
        col((d) => d.fields.base_date),
        col((d) => d.fields.unadjusted_date),
        col((d) => d.fields.rules_fingerprint),
      ],
    );
    for (const d of inserts) {
      const fields = { [parent]: d.record.sid, origin: 'rule', rule_code: d.deadline.ruleCode, ...d.fields };
      writes.push({
        model: store.name,
        sid: d.sid,
        verb: 'created',
        changes: fieldChanges({}, fields, Object.keys(fields)),
        version: 1,
        cause,
      });
    }
  }
  if (updates.length) {
    const col = <T>(pick: (d: (typeof updates)[number]) => T) => updates.map(pick);
    const versions = await tx.query<{ sid: string; version: number }>(
      `UPDATE ${store.table} t SET title = u.title, due_date = u.due_date, opens_on = u.opens_on, status = u.status,
          base_date = u.base_date, unadjusted_date = u.unadjusted_date, rules_fingerprint = u.print,
          updated_at = $2, updated_by = $3, version = t.version + 1
         FROM unnest($4::text[], $5::text[], $6::date[], $7::date[], $8::text[], $9::date[], $10::date[], $11::text[])
           AS u(sid, title, due_date, opens_on, status, base_date, unadjusted_date, print)
        WHERE t.tenant_sid = $1 AND t.sid = u.sid
        RETURNING t.sid, t.version`,
      [
        options.tenantSid,
        options.now,
        options.actorSid,
        col((d) => d.stored.sid),
        col((d) => d.fields.title),
        col((d) => d.fields.due_date),
        col((d) => d.fields.opens_on),
        col((d) => d.fields.status),
        col((d) => d.fields.base_date),
        col((d) => d.fields.unadjusted_date),
        col((d) => d.fields.rules_fingerprint),
      ],
    );
    const version = new Map(versions.map((v) => [v.sid, Number(v.version)]));
    for (const d of updates)
      writes.push({
        model: store.name,
        sid: d.stored.sid,
        verb: 'updated',
        changes: diff(storedFields(d.stored), d.fields),
        version: version.get(d.stored.sid),
        cause,
      });
  }
  // The basis of each deadline the rules gave now; a cancelled one keeps the basis it was computed from.
  const bases = [
    ...inserts.map((d) => ({ sid: d.sid, record: d.record.sid, deadline: d.deadline })),
    ...updates.flatMap((d) =>
      d.deadline ? [{ sid: d.stored.sid, record: d.stored.record, deadline: d.deadline }] : [],
    ),
  ];
  if (bases.length)
    await tx.query(
      `INSERT INTO docket_basis (tenant_sid, model, deadline_sid, record_sid, basis)
       SELECT $1, $2, u.sid, u.record, u.basis::jsonb FROM unnest($3::text[], $4::text[], $5::text[]) AS u(sid, record, basis)
       ON CONFLICT (tenant_sid, model, deadline_sid) DO UPDATE SET basis = EXCLUDED.basis, record_sid = EXCLUDED.record_sid`,
      [
        options.tenantSid,
        store.name,
        bases.map((b) => b.sid),
        bases.map((b) => b.record),
        bases.map((b) => JSON.stringify(toBasis(b.deadline))),
      ],
    );
  if (options.audit && writes.length) await auditHookWrites(tx, options.audit, writes);
  counts.inserted = inserts.length;
  counts.updated = updates.filter((u) => u.fields.status !== 'cancelled').length;
  counts.cancelled = updates.length - counts.updated;
  return counts;
}

/** The rules print the docketed model's deadlines are computed with now. */
export function currentPrint(models: DocketModels): string {
  return docketPrint(models.docketed.docket);
}
