// Recomputing deadlines, fees and expiry: for the cases one write touched (inside that write's
// transaction), for all cases of a tenant or of some offices (after a rule pack or a calendar changed,
// in batches, each its own transaction), and at start-up for packs whose fingerprint changed.
import {
  feePackFingerprint,
  feeRuleFingerprints,
  patentModel,
  pickFeePack,
  ruleFingerprints,
  rulePackFingerprint,
  tableOf,
  type FeeRulePack,
  type PatentType,
} from '@ipdesk/core';
import type { Database, Queryable } from '../../db/database.js';
import { audit } from '../../modules/accounts/context.js';
import { localDate } from '../../platform/models/relative-dates.js';
import { tenantCalendars, type CalendarLookup } from './calendars.js';
import { BUILT_IN_PACKS, planCase, type Packs } from './compute.js';
import {
  FACT_COLUMNS,
  caseFacts,
  isoDate,
  loadFacts,
  loadRows,
  withItems,
  type FactRow,
  type LoadedCase,
} from './facts.js';
import { syncCases, type CaseOwner, type SyncAudit, type SyncCounts, type SyncScope } from './sync.js';

const PATENT = tableOf(patentModel);

export interface RecomputeOptions {
  tenantSid: string;
  now: Date;
  timeZone: string;
  actorSid: string | null;
  /** Items being deleted in this transaction (their deadlines go with them). */
  excludeItemSids?: readonly string[];
  calendars?: CalendarLookup;
  /** Default: the built-in packs. */
  packs?: Packs;
  /** After a rule-pack change: only these rules are recomputed (the deadline packs hold only them). */
  changedRules?: ChangedRules;
  /** A recompute one request's write ran: an audit entry per record written (sync.ts `SyncAudit`). */
  audit?: SyncAudit;
  /**
   * The cases were inserted in this transaction (an import): they have no items, deadlines or fees yet, so
   * none are read (on the embedded engine those reads were a tenth of an import's time).
   */
  newCases?: boolean;
}

/**
 * The rules of a pack change: those whose print changed, were added or were removed. The facts did not
 * change, so nothing else can differ.
 */
export interface ChangedRules {
  deadlines: readonly string[];
  /** Fee rule codes; null = all (a fee rule added or removed can change which rule a case falls under). */
  fees: ReadonlySet<string> | null;
}

/** The fee rule a case falls under: the first of its office's pack for its patent type (fees/compile). */
function feeRuleOf(packs: readonly FeeRulePack[], office: string, type: PatentType): string | undefined {
  return pickFeePack(packs, office)?.rules.find((rule) => rule.patentTypes.includes(type))?.code;
}

const EMPTY: SyncCounts = {
  deadlinesInserted: 0,
  deadlinesUpdated: 0,
  deadlinesDeleted: 0,
  feesInserted: 0,
  feesUpdated: 0,
  feesDeleted: 0,
};

function add(a: SyncCounts, b: SyncCounts): SyncCounts {
  const sum = { ...a };
  for (const key of Object.keys(sum) as Array<keyof SyncCounts>) sum[key] += b[key];
  return sum;
}

/** Recomputes these cases in the caller's transaction; returns each case's expiry date. */
export async function recomputeCases(
  tx: Queryable,
  sids: readonly string[],
  options: RecomputeOptions,
): Promise<{ counts: SyncCounts; expiry: Map<string, string | null> }> {
  const loaded = options.newCases
    ? (await loadRows(tx, options.tenantSid, sids)).map((row) => ({ row, items: [] }))
    : await loadFacts(tx, options.tenantSid, sids);
  return recomputeLoaded(tx, loaded, options);
}

/** Recomputes cases whose rows and items the caller has read in this transaction. */
async function recomputeLoaded(
  tx: Queryable,
  loaded: readonly LoadedCase[],
  options: RecomputeOptions,
): Promise<{ counts: SyncCounts; expiry: Map<string, string | null> }> {
  const calendars = options.calendars ?? (await tenantCalendars(tx, options.tenantSid));
  const today = localDate(options.now, options.timeZone);
  const excluded = new Set(options.excludeItemSids ?? []);
  const cases = [];
  const expiry = new Map<string, string | null>();
  const packs = options.packs ?? BUILT_IN_PACKS;
  const changed = options.changedRules;
  const withoutFees: Packs = { deadlines: packs.deadlines, fees: [] };
  const feeCases = new Set<string>();
  for (const { row, items } of loaded) {
    const facts = caseFacts(
      row,
      items.filter((i) => !excluded.has(i.sid)),
    );
    const owner: CaseOwner = {
      sid: row.sid,
      companySid: row.company_sid ?? null,
      createdBy: row.created_by ?? null,
      office: row.country,
      expiry: isoDate(row.expiry_date) ?? null,
    };
    const feeRule = changed?.fees && facts ? feeRuleOf(packs.fees, facts.office, facts.patentType) : undefined;
    const withFees = !changed?.fees || (feeRule !== undefined && changed.fees.has(feeRule));
    if (withFees) feeCases.add(owner.sid);
    const plan = facts
      ? planCase(
          facts,
          calendars,
          today,
          typeof row.claim_count === 'number' ? row.claim_count : undefined,
          withFees ? packs : withoutFees,
        )
      : { deadlines: [], fees: [], expiry: null };
    expiry.set(owner.sid, plan.expiry);
    cases.push({ owner, plan });
  }
  const scope: SyncScope | undefined = changed
    ? { deadlineRules: changed.deadlines, feeCases }
    : options.newCases
      ? { deadlineRules: null, feeCases: null, newCases: true }
      : undefined;
  const counts = await syncCases(tx, options.tenantSid, cases, options.now, options.actorSid, scope, options.audit);
  return { counts, expiry };
}

export interface RecomputeAllReport {
  cases: number;
  counts: SyncCounts;
  millis: number;
}

/**
 * Every case of the tenant (or of these offices), in batches of `batchSize`, each in its own transaction.
 * On PostgreSQL two batches run at once on two connections, so one batch's rules are computed while the
 * other's rows are written (1M cases: docs/benchmarks.md); PGlite has one connection and runs them in turn.
 */
export async function recomputeTenant(
  db: Database,
  options: Omit<RecomputeOptions, 'excludeItemSids'> & {
    offices?: readonly string[];
    batchSize?: number;
    /** Batches in flight at once; default 2 on PostgreSQL, 1 on PGlite. */
    concurrency?: number;
  },
): Promise<RecomputeAllReport> {
  const started = performance.now();
  const batchSize = options.batchSize ?? 2000;
  const concurrency = options.concurrency ?? (db.engine === 'postgres' ? 2 : 1);
  const calendars = options.calendars ?? (await tenantCalendars(db, options.tenantSid));
  let after = '';
  let finished = false;
  // Pages are taken one after another (each starts after the last sid of the one before), whichever
  // batch asks, as the first statement of that batch's transaction: the page reads the facts themselves,
  // so a case is read once per run. A failed batch stops the others from taking more.
  let paging: Promise<unknown> = Promise.resolve();
  const nextPage = (tx: Queryable): Promise<FactRow[]> => {
    const page = paging.then(async () => {
      if (finished) return [];
      const rows = await tx.query<FactRow>(
        `SELECT ${FACT_COLUMNS.join(', ')} FROM ${PATENT}
          WHERE tenant_sid = $1 AND sid > $2 AND ($3::text[] IS NULL OR country = ANY($3::text[]))
          ORDER BY sid LIMIT $4`,
        [options.tenantSid, after, options.offices ?? null, batchSize],
      );
      if (rows.length === 0) finished = true;
      else after = rows[rows.length - 1]!.sid;
      return rows;
    });
    paging = page.catch(() => undefined);
    return page;
  };
  let cases = 0;
  let counts = EMPTY;
  const worker = async () => {
    try {
      for (let more = true; more;) {
        more = await db.transaction(async (tx) => {
          const rows = await nextPage(tx);
          if (rows.length === 0) return false;
          const loaded = await withItems(tx, options.tenantSid, rows);
          const result = await recomputeLoaded(tx, loaded, { ...options, calendars });
          counts = add(counts, result.counts);
          cases += rows.length;
          return true;
        });
      }
    } catch (error) {
      finished = true;
      throw error;
    }
  };
  // Settled, not Promise.all: a failure is reported once the other batch has finished too.
  const outcomes = await Promise.allSettled(Array.from({ length: Math.max(1, concurrency) }, worker));
  const failure = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (failure) throw failure.reason;
  return { cases, counts, millis: performance.now() - started };
}

/** The fingerprint of what an office's cases are computed with: its deadline and fee packs. */
export function officeFingerprints(packs: Packs = BUILT_IN_PACKS): Map<string, string> {
  const prints = new Map<string, string>();
  for (const pack of packs.deadlines) prints.set(`deadlines:${pack.office}`, rulePackFingerprint(pack));
  for (const pack of packs.fees) prints.set(`fees:${pack.office}`, feePackFingerprint(pack));
  return prints;
}

export interface PackChangeReport extends RecomputeAllReport {
  tenantSid: string;
  offices: string[];
  /** Rules of those offices that changed, were added or removed: only theirs were recomputed. */
  changedRules: string[];
}

type Prints = Record<string, string>;

/** Codes whose print differs between two states (added and removed ones included). */
function differing(before: Prints, after: Prints): string[] {
  const codes = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...codes].filter((code) => before[code] !== after[code]).sort();
}

/**
 * What a pack change needs recomputed, from the rule prints stored with the tenant's state: the changed
 * deadline rules (null = unknown, all) and fee rules (null = all).
 */
function changedRulesOf(
  offices: readonly string[],
  stored: ReadonlyMap<string, { rules: Prints | null }>,
  rulePrints: ReadonlyMap<string, Prints>,
): { deadlines: string[] | null; fees: string[] | null } {
  let deadlines: string[] | null = [];
  let fees: string[] | null = [];
  for (const office of offices) {
    const key = (kind: string) => `${kind}:${office}`;
    const beforeDeadlines = stored.get(key('deadlines'))?.rules;
    const afterDeadlines = rulePrints.get(key('deadlines')) ?? {};
    if (!beforeDeadlines) deadlines = null;
    else deadlines?.push(...differing(beforeDeadlines, afterDeadlines));
    const beforeFees = stored.get(key('fees'))?.rules;
    const afterFees = rulePrints.get(key('fees')) ?? {};
    const sameCodes =
      beforeFees &&
      Object.keys(beforeFees).length === Object.keys(afterFees).length &&
      Object.keys(afterFees).every((code) => code in beforeFees);
    // A fee rule added or removed can move a patent type to another rule: every fee of the office then.
    if (!sameCodes) fees = null;
    else fees?.push(...differing(beforeFees, afterFees));
  }
  return { deadlines, fees };
}

/**
 * For each tenant, the offices whose packs changed since its cases were last computed get recomputed,
 * then the new fingerprints are recorded — only after the work is done, so a crash reruns it. Rule prints
 * stored with the state tell which rules changed: only their deadlines and fees are recomputed.
 */
export async function recomputeChangedPacks(
  db: Database,
  options: {
    now: () => Date;
    timeZone: string;
    log?: (message: string, detail: object) => void;
    /** Default: the built-in packs (a benchmark or a test passes a new version). */
    packs?: Packs;
    batchSize?: number;
    concurrency?: number;
  },
): Promise<PackChangeReport[]> {
  const packs = options.packs ?? BUILT_IN_PACKS;
  const prints = officeFingerprints(packs);
  const rulePrints = new Map<string, Prints>([
    ...packs.deadlines.map((pack) => [`deadlines:${pack.office}`, ruleFingerprints(pack)] as const),
    ...packs.fees.map((pack) => [`fees:${pack.office}`, feeRuleFingerprints(pack)] as const),
  ]);
  const reports: PackChangeReport[] = [];
  const tenants = await db.query<{ sid: string }>('SELECT sid FROM tenant ORDER BY sid');
  for (const { sid: tenantSid } of tenants) {
    const stored = new Map(
      (
        await db.query<{ pack: string; fingerprint: string; rules: Prints | null }>(
          'SELECT pack, fingerprint, rules FROM rule_pack_state WHERE tenant_sid = $1',
          [tenantSid],
        )
      ).map((r) => [r.pack, r]),
    );
    const changed = [...prints]
      .filter(([pack, print]) => stored.get(pack)?.fingerprint !== print)
      .map(([pack]) => pack);
    // An equal pack print vouches for the rules' prints (states recorded before they were kept, or by
    // an older way of printing them).
    for (const [pack, rules] of rulePrints) {
      const state = stored.get(pack);
      if (state?.fingerprint === prints.get(pack) && JSON.stringify(state?.rules) !== JSON.stringify(rules)) {
        await db.query('UPDATE rule_pack_state SET rules = $3 WHERE tenant_sid = $1 AND pack = $2', [
          tenantSid,
          pack,
          JSON.stringify(rules),
        ]);
        stored.set(pack, { ...state!, rules });
      }
    }
    if (changed.length === 0) continue;
    const offices = [...new Set(changed.map((pack) => pack.split(':')[1]!))];
    const rules = changedRulesOf(offices, stored, rulePrints);
    const onlyChanged = new Set(rules.deadlines ?? []);
    // The deadline packs shrink to the changed rules once per run (compiled packs are cached per object).
    const runPacks: Packs = rules.deadlines
      ? {
          deadlines: packs.deadlines.map((pack) =>
            offices.includes(pack.office)
              ? { ...pack, rules: pack.rules.filter((rule) => onlyChanged.has(rule.code)) }
              : pack,
          ),
          fees: packs.fees,
        }
      : packs;
    const changedRules = rules.deadlines
      ? {
          deadlines: rules.deadlines,
          fees: rules.fees ? new Set(rules.fees) : null,
        }
      : undefined;
    // A tenant seen for the first time has no computed cases from before to correct.
    const hasCases = (await db.query(`SELECT 1 FROM ${PATENT} WHERE tenant_sid = $1 LIMIT 1`, [tenantSid])).length > 0;
    if (hasCases) {
      const report = await recomputeTenant(db, {
        tenantSid,
        offices,
        now: options.now(),
        timeZone: options.timeZone,
        actorSid: null,
        packs: runPacks,
        ...(changedRules ? { changedRules } : {}),
        ...(options.batchSize ? { batchSize: options.batchSize } : {}),
        ...(options.concurrency ? { concurrency: options.concurrency } : {}),
      });
      const codes = [...(rules.deadlines ?? ['(all deadline rules)']), ...(rules.fees ?? ['(all fee rules)'])];
      reports.push({ tenantSid, offices, changedRules: codes, ...report });
      options.log?.('deadlines recomputed after a rule pack change', {
        tenantSid,
        offices,
        changedRules: codes,
        ...report,
      });
    }
    const summary = reports.at(-1);
    await db.transaction(async (tx) => {
      // One summary entry for the tenant, not one per case: a pack change reaches 10,000s of rows
      // (docs/audit.md "Hook writes"); their versions were bumped all the same.
      if (summary?.tenantSid === tenantSid)
        await audit(tx, {
          tenantSid,
          actorSid: null,
          action: 'patent.recomputed',
          target: 'patent',
          detail: { offices, changed_rules: summary.changedRules, cases: summary.cases, ...summary.counts },
          at: options.now(),
        });
      for (const pack of changed) {
        await tx.query(
          `INSERT INTO rule_pack_state (tenant_sid, pack, fingerprint, rules, computed_at) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (tenant_sid, pack)
           DO UPDATE SET fingerprint = EXCLUDED.fingerprint, rules = EXCLUDED.rules, computed_at = EXCLUDED.computed_at`,
          [tenantSid, pack, prints.get(pack) ?? '', JSON.stringify(rulePrints.get(pack) ?? null), options.now()],
        );
      }
    });
  }
  return reports;
}
