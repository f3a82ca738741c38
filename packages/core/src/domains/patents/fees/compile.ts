// A pack prepared once for the schedule's hot path: rules by patent type, amount rows by patent year
// (newest first), labels and merged sources built ahead, so scheduling one case allocates only its
// fees. Prepared packs are cached per pack object.
import type { Label } from '../../../models/define.js';
import type { PatentType } from '../case-facts.js';
import type { IsoDate } from '../period.js';
import { buildSurcharges } from './surcharge.js';
import { afterReduction } from './money.js';
import type { FeeAmountRow, FeeRule, FeeRulePack, FeeSource, ScheduledFee, SourceStatus } from './types.js';

export interface PreparedRow {
  row: FeeAmountRow;
  /** The weaker of the rule's and the row's sources. */
  source: FeeSource;
  /** The same, downgraded, for a fee due when no row was in force. */
  fallbackSource: FeeSource;
}

export interface PreparedRule {
  rule: FeeRule;
  pack: FeeRulePack;
  /** Index = patent year or stage. */
  labels: readonly (Label | undefined)[];
  rows: readonly (readonly PreparedRow[] | undefined)[];
}

const STRENGTH: Readonly<Record<SourceStatus, number>> = { verified: 2, secondary: 1, unverified: 0 };

function mergeSources(rule: FeeSource, row: FeeSource): FeeSource {
  const status = STRENGTH[row.status] < STRENGTH[rule.status] ? row.status : rule.status;
  const notes = [rule.note, row.note].filter((n): n is string => n !== undefined);
  return { ref: `${rule.ref}; ${row.ref}`, status, ...(notes.length ? { note: notes.join(' ') } : {}) };
}

function fillLabel(label: Label, n: number): Label {
  const text = String(n);
  return { zh: label.zh.split('{n}').join(text), en: label.en.split('{n}').join(text) };
}

function prepareRule(pack: FeeRulePack, rule: FeeRule): PreparedRule {
  const labels: (Label | undefined)[] = [];
  const rows: PreparedRow[][] = [];
  for (const row of rule.amounts) {
    const source = mergeSources(rule.source, row.source);
    const fallbackSource: FeeSource = {
      ...source,
      status: 'unverified',
      note: `No amount known in force on the due date; the nearest row (from ${row.effectiveFrom}) is used.`,
    };
    for (let year = row.years[0]; year <= row.years[1]; year++) {
      (rows[year] ??= []).push({ row, source, fallbackSource });
      labels[year] ??= fillLabel(rule.label, year);
    }
  }
  for (const list of rows) list?.sort((a, b) => (a.row.effectiveFrom < b.row.effectiveFrom ? 1 : -1));
  return { rule, pack, labels, rows };
}

export interface PreparedPack {
  byType: ReadonlyMap<PatentType, PreparedRule>;
}

const cache = new WeakMap<FeeRulePack, PreparedPack>();

export function preparePack(pack: FeeRulePack): PreparedPack {
  let prepared = cache.get(pack);
  if (!prepared) {
    const byType = new Map<PatentType, PreparedRule>();
    for (const rule of pack.rules) {
      const ready = prepareRule(pack, rule);
      for (const type of rule.patentTypes) if (!byType.has(type)) byType.set(type, ready);
    }
    prepared = { byType };
    cache.set(pack, prepared);
  }
  return prepared;
}

/**
 * The amount row for patent year `year` in force on `dueDate`: the newest row with effectiveFrom ≤
 * dueDate ≤ until. The due date decides (not the payment date, which a schedule cannot know) so that a
 * schedule is stable; where an office charges the fee in force on the payment date (EPO, USPTO), an
 * amendment between due date and payment is the payer's to check. When no row is in force (a due date
 * before the earliest known amounts) the nearest row is used and the fee is marked unverified.
 */
export function rowFor(rule: PreparedRule, year: number, dueDate: IsoDate): PreparedRow | undefined {
  const list = rule.rows[year];
  if (!list || list.length === 0) return undefined;
  let nearest: PreparedRow | undefined;
  for (const entry of list) {
    if (entry.row.effectiveFrom > dueDate) continue;
    if (entry.row.until === undefined || dueDate <= entry.row.until) return entry;
    nearest ??= entry;
  }
  const fallback = nearest ?? list[list.length - 1];
  return fallback && { ...fallback, source: fallback.fallbackSource };
}

export interface FeeParts {
  year: number;
  dueDate: IsoDate;
  graceEnds: IsoDate;
  windowOpens?: IsoDate;
  baseAmount: number;
  reductionRate: number;
  /** Payable amount when the office tabulates it (US tiers); else baseAmount less the reduction. */
  amount?: number;
  /** Fixed surcharge (US), when the rule's surcharge is fixed. */
  fixedSurcharge?: number;
  source: FeeSource;
}

export function makeFee(rule: PreparedRule, parts: FeeParts): ScheduledFee {
  const { currency } = rule.pack;
  const fee: ScheduledFee = {
    feeCode: rule.rule.feeType,
    label: rule.labels[parts.year] ?? fillLabel(rule.rule.label, parts.year),
    patentYear: parts.year,
    dueDate: parts.dueDate,
    graceEnds: parts.graceEnds,
    baseAmount: parts.baseAmount,
    reductionRate: parts.reductionRate,
    amount: parts.amount ?? afterReduction(parts.baseAmount, parts.reductionRate, currency),
    currency,
    surcharges: buildSurcharges(rule.rule.surcharge, parts, currency),
    ruleCode: rule.rule.code,
    source: parts.source,
  };
  if (parts.windowOpens !== undefined) fee.windowOpens = parts.windowOpens;
  return fee;
}
