// Deadline reminder lead times (issue 19, docs/notifications.md "Reminders and escalation"): how many days
// before a deadline its people are reminded, per tenant and per type of deadline. A type is a category
// (`default`, `office_action`, `fee`) or one rule code, which overrides its category. Shared by the server
// (the settings API and the reminder run) and the web form, so both check the same limits.
import { RULE_PACKS } from '../domains/patents/deadlines/packs/index.js';

export const LEAD_TIME_CATEGORIES = ['default', 'office_action', 'fee'] as const;
export type LeadTimeCategory = (typeof LEAD_TIME_CATEGORIES)[number];

/** A tenant's lead times: a list of days per category or rule code (days before the due date, 0 = on the day). */
export type LeadTimes = Readonly<Record<string, readonly number[]>>;

/**
 * The defaults, as data. Why these: a general deadline (examination request, PCT entry, a trademark
 * renewal) needs a quarter's notice to instruct and budget, then a month, a week, the day before and the
 * day; an office-action reply runs only 2–4 months from service, so the first reminder at 90 days would
 * come before the action arrived — it starts at a month and tightens in the last weeks, when drafting is
 * late; fees and annuities are budget items (90, 60 days to get the payment approved), then a month, a
 * week and the day.
 */
export const DEFAULT_LEAD_TIMES: Readonly<Record<LeadTimeCategory, readonly number[]>> = {
  default: [90, 30, 7, 1, 0],
  office_action: [30, 14, 7, 3, 1, 0],
  fee: [90, 60, 30, 7, 0],
};

/** Days 0–365, each at most once, at most 10 per type. */
export const LEAD_TIME_LIMITS = { minDays: 0, maxDays: 365, perType: 10 } as const;

/** Escalation when an open deadline is this many days from due, unless the tenant sets another (0–365). */
export const DEFAULT_ESCALATE_WITHIN_DAYS = 7;

/** The patent rules that count from an office action: replies, reminded at the office-action lead times. */
export const OFFICE_ACTION_RULES: ReadonlySet<string> = new Set(
  RULE_PACKS.flatMap((pack) => pack.rules.filter((r) => r.trigger.event === 'office_action').map((r) => r.code)),
);

/** The effective lead times: the tenant's own, over the defaults of each category. */
export function effectiveLeadTimes(stored: LeadTimes): Record<string, number[]> {
  const merged: Record<string, number[]> = {};
  for (const category of LEAD_TIME_CATEGORIES) merged[category] = [...DEFAULT_LEAD_TIMES[category]];
  for (const [type, days] of Object.entries(stored)) merged[type] = [...days];
  for (const type of Object.keys(merged)) merged[type] = sortLeadTimes(merged[type]!);
  return merged;
}

/** Farthest first, as they are sent. */
export function sortLeadTimes(days: readonly number[]): number[] {
  return [...days].sort((a, b) => b - a);
}

/** The category of a deadline of a store by its rule code (fees are their own category, not a deadline store). */
export function leadTimeCategory(ruleCode: string | null | undefined): LeadTimeCategory {
  return ruleCode && OFFICE_ACTION_RULES.has(ruleCode) ? 'office_action' : 'default';
}

export type LeadTimeProblem = 'unknownType' | 'duplicate' | 'tooMany' | 'outOfRange';

/**
 * What is wrong with one type's list, if anything (`knownTypes`: the categories and the rule codes the
 * tenant's deadlines can carry). The server refuses such a save; the form shows the same message.
 */
export function leadTimeProblem(
  type: string,
  days: readonly number[],
  knownTypes: ReadonlySet<string>,
): LeadTimeProblem | undefined {
  if (!knownTypes.has(type)) return 'unknownType';
  if (days.some((d) => !Number.isInteger(d) || d < LEAD_TIME_LIMITS.minDays || d > LEAD_TIME_LIMITS.maxDays))
    return 'outOfRange';
  if (days.length > LEAD_TIME_LIMITS.perType) return 'tooMany';
  if (new Set(days).size !== days.length) return 'duplicate';
  return undefined;
}
