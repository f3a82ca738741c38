// Keeps the stored deadlines, fees and expiry of cases in step with what the rules say (compute.ts):
// open rule deadlines and unpaid rule fees follow; completed deadlines and paid or abandoned fees keep
// their history; hand-made ones are never touched. Works on a batch of cases with a few set-based
// statements, so recomputing a whole portfolio stays fast.
import { feeModel, newSid, patentModel, patentTaskModel, tableOf, type ColumnOf } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import {
  auditHookWrites,
  type FieldChanges,
  type HookWrite,
  type HookWriteContext,
} from '../../platform/models/hook-writes.js';
import { fieldChanges } from '../../platform/models/records.js';
import type { CasePlan, DeadlinePlan, FeePlan } from './compute.js';
import { deadlineKey, feeKey } from './compute.js';

export interface CaseOwner {
  sid: string;
  companySid: string | null;
  createdBy: string | null;
  office: string;
  expiry: string | null;
}

interface StoredDeadline {
  sid: string;
  company_sid: string | null;
  created_by: string | null;
  patent: string;
  rule_code: string;
  item: string | null;
  title: string;
  due_date: string;
  status: string;
  base_date: string | null;
  unadjusted_date: string | null;
  pack_version: string | null;
}

interface StoredFee {
  sid: string;
  company_sid: string | null;
  created_by: string | null;
  patent: string;
  fee_code: string;
  fee_rule: string | null;
  patent_year: number | null;
  title: string;
  due_date: string;
  grace_end_date: string | null;
  amount: number | null;
  base_amount: number | null;
  reduction_rate: number | null;
  currency: string | null;
  status: string;
}

const PATENT = tableOf(patentModel);
/**
 * Dual docketing (docs/notifications.md "Deadline verification"): a deadline counted from an incoming notice
 * (an office action's item) was entered by whoever entered the notice ($3, the sync's actor) and waits for a
 * second person while the tenant asks for verification; one counted from the case's own dates is verified.
 */
const NOTICE_VERIFICATION = `CASE WHEN u.item IS NULL THEN 'verified'
           WHEN (SELECT n.verification_required FROM tenant_notification_settings n WHERE n.tenant_sid = $1) THEN 'unverified' END`;
const TASK = tableOf(patentTaskModel);
const FEE = tableOf(feeModel);

// What the comparison reads of the stored rows: columns of the models, so a renamed field fails here.
const DEADLINE_COLUMNS = [
  'sid',
  'company_sid',
  'created_by',
  'patent',
  'rule_code',
  'item',
  'title',
  'due_date',
  'status',
  'base_date',
  'unadjusted_date',
  'pack_version',
] as const satisfies ReadonlyArray<keyof StoredDeadline & ColumnOf<typeof patentTaskModel>>;
const FEE_COLUMNS = [
  'sid',
  'company_sid',
  'created_by',
  'patent',
  'fee_code',
  'fee_rule',
  'patent_year',
  'title',
  'due_date',
  'grace_end_date',
  'amount',
  'base_amount',
  'reduction_rate',
  'currency',
  'status',
] as const satisfies ReadonlyArray<keyof StoredFee & ColumnOf<typeof feeModel>>;

export interface SyncCounts {
  deadlinesInserted: number;
  deadlinesUpdated: number;
  deadlinesDeleted: number;
  feesInserted: number;
  feesUpdated: number;
  feesDeleted: number;
}

function changedDeadline(stored: StoredDeadline, plan: DeadlinePlan, status: string): boolean {
  return (
    stored.due_date !== plan.dueDate ||
    stored.title !== plan.title ||
    stored.status !== status ||
    stored.base_date !== plan.baseDate ||
    stored.unadjusted_date !== plan.unadjustedDate ||
    stored.pack_version !== plan.packVersion
  );
}

/**
 * After a rule-pack change only what the changed rules give can differ (the facts did not change): the
 * plans then hold only those rules' deadlines, and only the fees of cases whose fee rule changed.
 */
export interface SyncScope {
  /** The only rule codes whose stored deadlines are compared (changed, added and removed rules). */
  deadlineRules: readonly string[] | null;
  /** The only cases whose fees are compared; null = every case. */
  feeCases: ReadonlySet<string> | null;
  /**
   * The cases were inserted in this transaction (an import): nothing of theirs is stored yet, so there is
   * nothing to read and compare, only rows to insert.
   */
  newCases?: boolean;
}

function changedFee(stored: StoredFee, plan: FeePlan): boolean {
  const f = plan.fee;
  return (
    stored.due_date !== f.dueDate ||
    stored.title !== plan.title ||
    stored.fee_rule !== f.ruleCode ||
    stored.grace_end_date !== f.graceEnds ||
    Number(stored.amount) !== f.amount ||
    Number(stored.base_amount) !== f.baseAmount ||
    Number(stored.reduction_rate) !== f.reductionRate ||
    stored.currency !== f.currency
  );
}

/**
 * A recompute one request's write ran: every record it writes gets an audit entry by that request's user
 * (docs/audit.md "Hook writes"). Without it (imports, a rule-pack or calendar change over a whole
 * portfolio) versions are still bumped and the caller writes one summary entry.
 */
export interface SyncAudit {
  ctx: HookWriteContext;
  /** The case the records pipeline is writing: its expiry is part of that write (its version, its entry). */
  writing?: string;
}

/** A generated deadline's fields as its record holds them (audit entries). */
function deadlineFields(plan: DeadlinePlan, status: string): Record<string, unknown> {
  return {
    title: plan.title,
    due_date: plan.dueDate,
    status,
    base_date: plan.baseDate,
    unadjusted_date: plan.unadjustedDate,
    pack_version: plan.packVersion,
  };
}

/** A generated fee's fields as its record holds them (audit entries). */
function feeFields(plan: FeePlan): Record<string, unknown> {
  const f = plan.fee;
  return {
    title: plan.title,
    due_date: f.dueDate,
    grace_end_date: f.graceEnds,
    base_amount: f.baseAmount,
    reduction_rate: f.reductionRate,
    amount: f.amount,
    currency: f.currency,
    fee_rule: f.ruleCode,
  };
}

/** The fields that differ, before and after: the records pipeline's own comparison. */
function diff(before: Readonly<Record<string, unknown>>, after: Readonly<Record<string, unknown>>): FieldChanges {
  return fieldChanges(before, after, Object.keys(after));
}

/** A stored deadline's fields, as deadlineFields gives a plan's. */
function deadlineFieldsOf(stored: StoredDeadline): Record<string, unknown> {
  return {
    title: stored.title,
    due_date: stored.due_date,
    status: stored.status,
    base_date: stored.base_date,
    unadjusted_date: stored.unadjusted_date,
    pack_version: stored.pack_version,
  };
}

/** A stored fee's fields, as feeFields gives a plan's. */
function feeFieldsOf(stored: StoredFee): Record<string, unknown> {
  return {
    title: stored.title,
    due_date: stored.due_date,
    grace_end_date: stored.grace_end_date,
    base_amount: stored.base_amount,
    reduction_rate: stored.reduction_rate,
    amount: stored.amount,
    currency: stored.currency,
    fee_rule: stored.fee_rule,
  };
}

/** The columns a deleted row's data scope depends on (its history's scope check). */
function scopeOf(stored: { company_sid: string | null; created_by: string | null }) {
  return { company_sid: stored.company_sid, created_by: stored.created_by };
}

/** A deleted record's changes: every field from its value to nothing. */
function removed(fields: Readonly<Record<string, unknown>>): FieldChanges {
  return fieldChanges(fields, undefined, Object.keys(fields));
}

/** Applies the plans of a batch of cases; returns what changed. One caller transaction. */
export async function syncCases(
  tx: Queryable,
  tenantSid: string,
  cases: ReadonlyArray<{ owner: CaseOwner; plan: CasePlan }>,
  now: Date,
  actorSid: string | null,
  scope?: SyncScope,
  audit?: SyncAudit,
): Promise<SyncCounts> {
  const counts: SyncCounts = {
    deadlinesInserted: 0,
    deadlinesUpdated: 0,
    deadlinesDeleted: 0,
    feesInserted: 0,
    feesUpdated: 0,
    feesDeleted: 0,
  };
  if (cases.length === 0) return counts;
  const sids = cases.map((c) => c.owner.sid);
  const deadlineRules = scope?.deadlineRules ?? null;
  const storedDeadlines =
    deadlineRules?.length === 0 || scope?.newCases
      ? []
      : await tx.query<StoredDeadline>(
          `SELECT ${DEADLINE_COLUMNS.join(', ')}
             FROM ${TASK} WHERE tenant_sid = $1 AND patent = ANY($2::text[]) AND origin = 'rule'
              AND ($3::text[] IS NULL OR rule_code = ANY($3::text[]))`,
          [tenantSid, sids, deadlineRules],
        );
  const feeCases = scope?.feeCases ?? null;
  const feeSids = feeCases ? sids.filter((sid) => feeCases.has(sid)) : sids;
  const storedFees =
    feeSids.length === 0 || scope?.newCases
      ? []
      : await tx.query<StoredFee>(
          `SELECT ${FEE_COLUMNS.join(', ')}
             FROM ${FEE} WHERE tenant_sid = $1 AND patent = ANY($2::text[]) AND origin = 'rule'`,
          [tenantSid, feeSids],
        );
  const deadlinesByCase = group(storedDeadlines, (d) => d.patent);
  const feesByCase = group(storedFees, (f) => f.patent);

  const insertDeadlines: Array<{ sid: string; owner: CaseOwner; plan: DeadlinePlan }> = [];
  const updateDeadlines: Array<{ sid: string; plan: DeadlinePlan; status: string; stored: StoredDeadline }> = [];
  const deleteDeadlines: StoredDeadline[] = [];
  const insertFees: Array<{ sid: string; owner: CaseOwner; plan: FeePlan }> = [];
  const updateFees: Array<{ sid: string; plan: FeePlan; stored: StoredFee }> = [];
  const deleteFees: StoredFee[] = [];
  const expiries: Array<{ sid: string; expiry: string | null; before: string | null }> = [];
  const writes: HookWrite[] = [];
  const cause = 'recompute';

  for (const { owner, plan } of cases) {
    if (owner.expiry !== plan.expiry) expiries.push({ sid: owner.sid, expiry: plan.expiry, before: owner.expiry });
    const planned = new Map(plan.deadlines.map((d) => [d.key, d]));
    for (const stored of deadlinesByCase.get(owner.sid) ?? []) {
      const key = deadlineKey(stored.rule_code, stored.item);
      const next = planned.get(key);
      planned.delete(key);
      // Done deadlines are history; the rest follow the rules. The rules write a deadline's status (open,
      // or cancelled when it no longer applies) straight into the column: a system write of the rule
      // engine, not a user's action, so it does not go through the deadline's lifecycle (complete, reopen).
      if (stored.status === 'done') continue;
      if (!next) deleteDeadlines.push(stored);
      else if (changedDeadline(stored, next, next.status))
        updateDeadlines.push({ sid: stored.sid, plan: next, status: next.status, stored });
    }
    for (const next of planned.values()) {
      if (next.status === 'cancelled') continue; // never stored only to say it no longer applies
      insertDeadlines.push({ sid: newSid(), owner, plan: next });
    }
    if (feeCases && !feeCases.has(owner.sid)) continue;
    const plannedFees = new Map(plan.fees.map((f) => [f.key, f]));
    for (const stored of feesByCase.get(owner.sid) ?? []) {
      const key = feeKey(stored.fee_code, Number(stored.patent_year));
      const next = plannedFees.get(key);
      plannedFees.delete(key);
      // Paid and abandoned fees are history. The rules write an unpaid fee's row (its status included) straight
      // into the table: a system write of the recompute, not a user's action, so not the fee's lifecycle.
      if (stored.status !== 'unpaid') continue;
      if (!next) deleteFees.push(stored);
      else if (changedFee(stored, next)) updateFees.push({ sid: stored.sid, plan: next, stored });
    }
    for (const next of plannedFees.values()) if (!next.past) insertFees.push({ sid: newSid(), owner, plan: next });
  }

  if (deleteDeadlines.length) {
    const gone = deleteDeadlines.map((d) => d.sid);
    await tx.query('DELETE FROM deadline_basis WHERE task_sid = ANY($1::text[])', [gone]);
    await tx.query(`DELETE FROM ${TASK} WHERE tenant_sid = $1 AND sid = ANY($2::text[])`, [tenantSid, gone]);
    if (audit)
      for (const d of deleteDeadlines) {
        const fields = { patent: d.patent, rule_code: d.rule_code, item: d.item, ...deadlineFieldsOf(d) };
        writes.push({
          model: 'patent_task',
          sid: d.sid,
          verb: 'deleted',
          changes: removed(fields),
          cause,
          scope: scopeOf(d),
        });
      }
  }
  if (insertDeadlines.length) {
    const col = <T>(pick: (d: (typeof insertDeadlines)[number]) => T) => insertDeadlines.map(pick);
    await tx.query(
      `INSERT INTO ${TASK} (sid, tenant_sid, company_sid, created_at, created_by, updated_at, updated_by, version, custom,
         patent, title, due_date, status, office, origin, rule_code, pack_version, base_date, unadjusted_date, item,
         verification, entered_by)
       SELECT u.sid, $1, u.company_sid, $2, u.created_by, $2, $3, 1, '{}'::jsonb,
         u.patent, u.title, u.due_date, u.status, u.office, 'rule', u.rule_code, u.pack_version, u.base_date, u.unadjusted_date, u.item,
         ${NOTICE_VERIFICATION}, CASE WHEN u.item IS NOT NULL THEN $3 END
         FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::date[], $10::text[], $11::text[],
                     $12::text[], $13::text[], $14::date[], $15::date[], $16::text[])
           AS u(sid, company_sid, created_by, patent, title, due_date, status, office, rule_code, pack_version, base_date, unadjusted_date, item)`,
      [
        tenantSid,
        now,
        actorSid,
        col((d) => d.sid),
        col((d) => d.owner.companySid),
        col((d) => d.owner.createdBy),
        col((d) => d.owner.sid),
        col((d) => d.plan.title),
        col((d) => d.plan.dueDate),
        col((d) => d.plan.status),
        col((d) => d.owner.office),
        col((d) => d.plan.ruleCode),
        col((d) => d.plan.packVersion),
        col((d) => d.plan.baseDate),
        col((d) => d.plan.unadjustedDate),
        col((d) => d.plan.itemSid),
      ],
    );
    if (audit)
      for (const d of insertDeadlines) {
        const fields = {
          patent: d.owner.sid,
          office: d.owner.office,
          origin: 'rule',
          rule_code: d.plan.ruleCode,
          item: d.plan.itemSid,
          ...deadlineFields(d.plan, d.plan.status),
        };
        writes.push({
          model: 'patent_task',
          sid: d.sid,
          verb: 'created',
          changes: diff({}, fields),
          version: 1,
          cause,
        });
      }
  }
  if (updateDeadlines.length) {
    const col = <T>(pick: (d: (typeof updateDeadlines)[number]) => T) => updateDeadlines.map(pick);
    const versions = await tx.query<{ sid: string; version: number }>(
      `UPDATE ${TASK} t SET title = u.title, due_date = u.due_date, status = u.status, base_date = u.base_date,
          unadjusted_date = u.unadjusted_date, pack_version = u.pack_version, updated_at = $2, updated_by = $3,
          version = t.version + 1
         FROM unnest($4::text[], $5::text[], $6::date[], $7::text[], $8::date[], $9::date[], $10::text[])
           AS u(sid, title, due_date, status, base_date, unadjusted_date, pack_version)
        WHERE t.tenant_sid = $1 AND t.sid = u.sid
        RETURNING t.sid, t.version`,
      [
        tenantSid,
        now,
        actorSid,
        col((d) => d.sid),
        col((d) => d.plan.title),
        col((d) => d.plan.dueDate),
        col((d) => d.status),
        col((d) => d.plan.baseDate),
        col((d) => d.plan.unadjustedDate),
        col((d) => d.plan.packVersion),
      ],
    );
    if (audit) {
      const version = new Map(versions.map((v) => [v.sid, Number(v.version)]));
      for (const d of updateDeadlines) {
        const changes = diff(deadlineFieldsOf(d.stored), deadlineFields(d.plan, d.status));
        writes.push({ model: 'patent_task', sid: d.sid, verb: 'updated', changes, version: version.get(d.sid), cause });
      }
    }
  }
  const bases = [
    ...insertDeadlines.map((d) => ({ sid: d.sid, patent: d.owner.sid, basis: d.plan.basis })),
    ...updateDeadlines.map((d) => ({ sid: d.sid, patent: '', basis: d.plan.basis })),
  ];
  if (bases.length) {
    await tx.query(
      `INSERT INTO deadline_basis (task_sid, tenant_sid, patent_sid, basis)
       SELECT u.sid, $1, u.patent, u.basis::jsonb FROM unnest($2::text[], $3::text[], $4::text[]) AS u(sid, patent, basis)
       ON CONFLICT (task_sid) DO UPDATE SET basis = EXCLUDED.basis`,
      [tenantSid, bases.map((b) => b.sid), bases.map((b) => b.patent), bases.map((b) => JSON.stringify(b.basis))],
    );
  }
  if (deleteFees.length) {
    const gone = deleteFees.map((f) => f.sid);
    await tx.query(`DELETE FROM ${FEE} WHERE tenant_sid = $1 AND sid = ANY($2::text[])`, [tenantSid, gone]);
    if (audit)
      for (const f of deleteFees) {
        const fields = { patent: f.patent, fee_code: f.fee_code, patent_year: f.patent_year, ...feeFieldsOf(f) };
        writes.push({ model: 'fee', sid: f.sid, verb: 'deleted', changes: removed(fields), cause, scope: scopeOf(f) });
      }
  }
  if (insertFees.length) {
    const col = <T>(pick: (d: (typeof insertFees)[number]) => T) => insertFees.map(pick);
    await tx.query(
      `INSERT INTO ${FEE} (sid, tenant_sid, company_sid, created_at, created_by, updated_at, updated_by, version, custom,
         patent, title, patent_year, due_date, grace_end_date, base_amount, reduction_rate, amount, currency, status,
         office, origin, fee_code, fee_rule)
       SELECT u.sid, $1, u.company_sid, $2, u.created_by, $2, $3, 1, '{}'::jsonb,
         u.patent, u.title, u.patent_year, u.due_date, u.grace_end_date, u.base_amount, u.reduction_rate, u.amount,
         u.currency, 'unpaid', u.office, 'rule', u.fee_code, u.fee_rule
         FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::numeric[], $10::date[], $11::date[],
                     $12::numeric[], $13::numeric[], $14::numeric[], $15::text[], $16::text[], $17::text[], $18::text[])
           AS u(sid, company_sid, created_by, patent, title, patent_year, due_date, grace_end_date, base_amount,
                reduction_rate, amount, currency, office, fee_code, fee_rule)`,
      [
        tenantSid,
        now,
        actorSid,
        col((d) => d.sid),
        col((d) => d.owner.companySid),
        col((d) => d.owner.createdBy),
        col((d) => d.owner.sid),
        col((d) => d.plan.title),
        // One-off official fees have no patent year (0 in the schedule).
        col((d) => d.plan.fee.patentYear || null),
        col((d) => d.plan.fee.dueDate),
        col((d) => d.plan.fee.graceEnds),
        col((d) => d.plan.fee.baseAmount),
        col((d) => d.plan.fee.reductionRate),
        col((d) => d.plan.fee.amount),
        col((d) => d.plan.fee.currency),
        col((d) => d.owner.office),
        col((d) => d.plan.fee.feeCode),
        col((d) => d.plan.fee.ruleCode),
      ],
    );
    if (audit)
      for (const d of insertFees) {
        const fields = {
          patent: d.owner.sid,
          patent_year: d.plan.fee.patentYear || null,
          status: 'unpaid',
          office: d.owner.office,
          origin: 'rule',
          fee_code: d.plan.fee.feeCode,
          ...feeFields(d.plan),
        };
        writes.push({ model: 'fee', sid: d.sid, verb: 'created', changes: diff({}, fields), version: 1, cause });
      }
  }
  if (updateFees.length) {
    const col = <T>(pick: (d: (typeof updateFees)[number]) => T) => updateFees.map(pick);
    const versions = await tx.query<{ sid: string; version: number }>(
      `UPDATE ${FEE} t SET title = u.title, due_date = u.due_date, grace_end_date = u.grace_end_date,
          base_amount = u.base_amount, reduction_rate = u.reduction_rate, amount = u.amount, currency = u.currency,
          fee_rule = u.fee_rule, updated_at = $2, updated_by = $3, version = t.version + 1
         FROM unnest($4::text[], $5::text[], $6::date[], $7::date[], $8::numeric[], $9::numeric[], $10::numeric[], $11::text[],
                     $12::text[])
           AS u(sid, title, due_date, grace_end_date, base_amount, reduction_rate, amount, currency, fee_rule)
        WHERE t.tenant_sid = $1 AND t.sid = u.sid
        RETURNING t.sid, t.version`,
      [
        tenantSid,
        now,
        actorSid,
        col((d) => d.sid),
        col((d) => d.plan.title),
        col((d) => d.plan.fee.dueDate),
        col((d) => d.plan.fee.graceEnds),
        col((d) => d.plan.fee.baseAmount),
        col((d) => d.plan.fee.reductionRate),
        col((d) => d.plan.fee.amount),
        col((d) => d.plan.fee.currency),
        col((d) => d.plan.fee.ruleCode),
      ],
    );
    if (audit) {
      const version = new Map(versions.map((v) => [v.sid, Number(v.version)]));
      for (const d of updateFees) {
        const changes = diff(feeFieldsOf(d.stored), feeFields(d.plan));
        writes.push({ model: 'fee', sid: d.sid, verb: 'updated', changes, version: version.get(d.sid), cause });
      }
    }
  }
  if (expiries.length) {
    // A case's expiry is a field of the case: it bumps the case's version (a form holding the old one gets
    // 409), except for the case the records pipeline is writing, whose own write and entry include it.
    const writing = audit?.writing ?? null;
    const versions = await tx.query<{ sid: string; version: number }>(
      `UPDATE ${PATENT} t SET expiry_date = u.expiry,
          version = t.version + CASE WHEN t.sid = $4 THEN 0 ELSE 1 END
         FROM unnest($2::text[], $3::date[]) AS u(sid, expiry)
        WHERE t.tenant_sid = $1 AND t.sid = u.sid
        RETURNING t.sid, t.version`,
      [tenantSid, expiries.map((e) => e.sid), expiries.map((e) => e.expiry), writing],
    );
    if (audit) {
      const version = new Map(versions.map((v) => [v.sid, Number(v.version)]));
      for (const e of expiries)
        if (e.sid !== writing)
          writes.push({
            model: 'patent',
            sid: e.sid,
            verb: 'updated',
            changes: { expiry_date: { before: e.before, after: e.expiry } },
            version: version.get(e.sid),
            cause,
          });
    }
  }
  if (audit) await auditHookWrites(tx, audit.ctx, writes);
  counts.deadlinesInserted = insertDeadlines.length;
  counts.deadlinesUpdated = updateDeadlines.length;
  counts.deadlinesDeleted = deleteDeadlines.length;
  counts.feesInserted = insertFees.length;
  counts.feesUpdated = updateFees.length;
  counts.feesDeleted = deleteFees.length;
  return counts;
}

function group<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}
