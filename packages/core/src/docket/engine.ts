// The dated-rule engine: applies a model's docket rules (types.ts) to one record's values and rolls each due
// date over its calendar office's working days. Pure, like the patent engine it shares the period arithmetic,
// the calendars and the basis with: a computed deadline carries the same DeadlineBasis (base kind
// `date:<name>` with the date's label), so explainDeadline explains it in both languages from storage alone.
import { rollForward } from '../domains/patents/calendar/calendar.js';
import { weekendOnlyCalendar } from '../domains/patents/calendar/offices.js';
import type { OfficeCalendar } from '../domains/patents/calendar/types.js';
import type { DeadlineBasis, RuleStatus } from '../domains/patents/deadlines/types.js';
import { addPeriod, isIsoDate, type IsoDate, type Period } from '../domains/patents/period.js';
import type { FieldDeclaration, Label } from '../models/define.js';
import { docketFingerprint } from './fingerprint.js';
import type { DatedRule, DocketDeclaration } from './types.js';

/** A model with its docket, as the engine reads it (its fields give the dates' labels). */
export interface DocketedModel {
  name: string;
  fields: Readonly<Record<string, FieldDeclaration>>;
  docket: DocketDeclaration;
}

export interface DatedDeadline extends DeadlineBasis {
  label: Label;
  ruleStatus: RuleStatus;
  /** Open and past its due date (only when options.today is given). */
  overdue: boolean;
}

const prints = new WeakMap<DocketDeclaration, string>();

/** The docket's print, once per declaration (it is the basis's `packVersion` and the stored rules print). */
export function docketPrint(docket: DocketDeclaration): string {
  let print = prints.get(docket);
  if (print === undefined) {
    print = docketFingerprint(docket);
    prints.set(docket, print);
  }
  return print;
}

/** A stored date as 'YYYY-MM-DD', or undefined when the record has none. */
function dateOf(value: unknown): IsoDate | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(0, 10);
  if (typeof value !== 'string') return undefined;
  const date = value.slice(0, 10);
  return isIsoDate(date) ? date : undefined;
}

const textOf = (value: unknown): string | undefined =>
  value === null || value === undefined || value === '' ? undefined : String(value);

/** Whether the rule applies to the record: each `when` field holds one of its values. */
export function ruleApplies(rule: DatedRule, values: Readonly<Record<string, unknown>>): boolean {
  for (const [name, allowed] of Object.entries(rule.when ?? {})) {
    const value = textOf(values[name]);
    if (value === undefined || !allowed.includes(value)) return false;
  }
  return true;
}

/** The office whose calendar rolls the record's deadlines, when the record names one. */
export function docketOffice(docket: DocketDeclaration, values: Readonly<Record<string, unknown>>): string | undefined {
  const office = docket.calendarOffice;
  return 'office' in office ? office.office : textOf(values[office.field]);
}

/** The fields whose change can change the record's deadlines: its dates, the calendar office, `when` fields. */
export function docketFields(docket: DocketDeclaration): string[] {
  const names = new Set(Object.values(docket.dates));
  if ('field' in docket.calendarOffice) names.add(docket.calendarOffice.field);
  for (const rule of docket.rules) for (const name of Object.keys(rule.when ?? {})) names.add(name);
  return [...names];
}

/** The window's first day, counted from the trigger (opensAfter) or back from the due date (opensBefore). */
function opening(rule: DatedRule, base: IsoDate, unadjusted: IsoDate): IsoDate | undefined {
  if (rule.opensAfter) return addPeriod(base, rule.opensAfter);
  if (rule.opensBefore) return addPeriod(unadjusted, negate(rule.opensBefore));
  return undefined;
}

function negate(period: Period): Period {
  const out: Period = {};
  if (period.years) out.years = -period.years;
  if (period.months) out.months = -period.months;
  if (period.days) out.days = -period.days;
  return out;
}

/**
 * The deadlines the model's rules give for one record, sorted by due date: one per rule that applies (its
 * `when` matches) and whose trigger date the record has. A rule that does not apply gives nothing (the
 * server cancels what it gave before). `calendars` answers the calendar of an office (the tenant's).
 */
export function computeDocket(
  model: DocketedModel,
  values: Readonly<Record<string, unknown>>,
  calendars: (office: string) => OfficeCalendar,
  options: { today?: IsoDate } = {},
): DatedDeadline[] {
  const { docket } = model;
  const office = docketOffice(docket, values);
  // No office named: weekends only, and the explanation says the calendar did not cover the date.
  const calendar = office ? calendars(office) : weekendOnlyCalendar('—');
  const version = docketPrint(docket);
  const out: DatedDeadline[] = [];
  for (const rule of docket.rules) {
    if (!ruleApplies(rule, values)) continue;
    const fieldName = docket.dates[rule.trigger.date];
    const base = fieldName ? dateOf(values[fieldName]) : undefined;
    if (!fieldName || !base) continue;
    const unadjusted = addPeriod(base, rule.offset);
    const roll = rule.roll
      ? rollForward(unadjusted, calendar)
      : { date: unadjusted, skipped: [], covered: true, workingWeekend: false };
    const deadline: DatedDeadline = {
      ruleCode: rule.code,
      packVersion: version,
      calendarOffice: calendar.office,
      baseKind: `date:${rule.trigger.date}`,
      baseLabel: model.fields[fieldName]?.label ?? { zh: rule.trigger.date, en: rule.trigger.date },
      baseDate: base,
      offset: rule.offset,
      unadjustedDate: unadjusted,
      dueDate: roll.date,
      rolled: rule.roll,
      skipped: roll.skipped,
      calendarCovered: roll.covered,
      citation: rule.citation,
      source: rule.source,
      label: rule.label,
      ruleStatus: rule.status,
      overdue: options.today !== undefined && options.today > roll.date,
    };
    if (roll.workingWeekend) deadline.dueOnWorkingWeekend = true;
    const opensOn = opening(rule, base, unadjusted);
    if (opensOn) deadline.opensOn = opensOn;
    out.push(deadline);
  }
  out.sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.ruleCode < b.ruleCode ? -1 : 1));
  return out;
}
