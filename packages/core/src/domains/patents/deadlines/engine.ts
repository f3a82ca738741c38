// The deadline engine: applies a rule pack to a case's facts and events and rolls each date over the
// office calendar. Pure and cheap — the server recomputes a million cases at a time — so rule sets are
// compiled once per pack and roll-forwards are memoised per calendar (calendar.ts).
import { rollForward } from '../calendar/calendar.js';
import type { OfficeCalendar, RollResult } from '../calendar/types.js';
import type { CaseEvent, CaseFacts, FilingRoute, PatentType } from '../case-facts.js';
import { addPeriod, type IsoDate, type Period } from '../period.js';
import type {
  BaseKind,
  BasisCandidate,
  ComputeOptions,
  ComputedDeadline,
  DeadlineRule,
  DeadlineState,
  DeadlineTrigger,
  RulePack,
} from './types.js';

interface CompiledRule {
  rule: DeadlineRule;
  types: ReadonlySet<PatentType>;
  routes: ReadonlySet<FilingRoute>;
}

const compiledPacks = new WeakMap<RulePack, readonly CompiledRule[]>();

function compile(pack: RulePack): readonly CompiledRule[] {
  let compiled = compiledPacks.get(pack);
  if (!compiled) {
    compiled = pack.rules.map((rule) => ({ rule, types: new Set(rule.patentTypes), routes: new Set(rule.routes) }));
    compiledPacks.set(pack, compiled);
  }
  return compiled;
}

interface ResolvedBase {
  kind: BaseKind;
  date: IsoDate;
  event?: CaseEvent;
  sequence?: number;
}

/** The filing date an office counts from: for a PCT national phase, the international filing date. */
function filingBase(facts: CaseFacts): ResolvedBase | undefined {
  if (facts.route === 'pct_national' || facts.route === 'pct_international') {
    const date = facts.internationalFilingDate ?? (facts.route === 'pct_international' ? facts.filingDate : undefined);
    if (date) return { kind: 'international_filing', date };
  }
  return facts.filingDate ? { kind: 'filing', date: facts.filingDate } : undefined;
}

function fixedBase(base: DeadlineTrigger['base'], facts: CaseFacts): ResolvedBase | undefined {
  switch (base) {
    case 'filing':
      return filingBase(facts);
    case 'priority':
      return facts.priorityDate ? { kind: 'priority', date: facts.priorityDate } : undefined;
    case 'priority_or_filing':
      return facts.priorityDate ? { kind: 'priority', date: facts.priorityDate } : filingBase(facts);
    case 'international_filing': {
      const date =
        facts.internationalFilingDate ?? (facts.route === 'pct_international' ? facts.filingDate : undefined);
      return date ? { kind: 'international_filing', date } : undefined;
    }
    case 'grant':
      return facts.grantDate ? { kind: 'grant', date: facts.grantDate } : undefined;
    case 'event':
      return undefined;
  }
}

/** Which occurrence an event is: its recorded sequence, else its rank by date among same-code events. */
function occurrence(events: readonly CaseEvent[], index: number): number {
  const event = events[index] as CaseEvent;
  if (event.sequence !== undefined) return event.sequence;
  let rank = 1;
  for (let j = 0; j < events.length; j += 1) {
    const other = events[j] as CaseEvent;
    if (j === index || other.code !== event.code) continue;
    if (other.date < event.date || (other.date === event.date && j < index)) rank += 1;
  }
  return rank;
}

/** The bases a rule's trigger yields: one per matching event, or the one fixed date. */
function triggerBases(trigger: DeadlineTrigger, facts: CaseFacts): ResolvedBase[] {
  if (trigger.base !== 'event') {
    const base = fixedBase(trigger.base, facts);
    return base ? [base] : [];
  }
  const bases: ResolvedBase[] = [];
  const mode = trigger.sequence ?? 'any';
  facts.events.forEach((event, index) => {
    if (event.code !== trigger.event) return;
    const sequence = occurrence(facts.events, index);
    if ((mode === 'first' && sequence !== 1) || (mode === 'later' && sequence <= 1)) return;
    // Show the occurrence when it matters: the rule distinguishes it, or there was more than one.
    const shown = mode !== 'any' || sequence > 1 ? sequence : undefined;
    bases.push(
      shown === undefined
        ? { kind: 'event', date: event.date, event }
        : { kind: 'event', date: event.date, event, sequence: shown },
    );
  });
  return bases;
}

/** The latest matching event, for "whichever is later" alternatives. */
function latestBase(trigger: DeadlineTrigger, facts: CaseFacts): ResolvedBase | undefined {
  if (trigger.base !== 'event') return fixedBase(trigger.base, facts);
  let latest: ResolvedBase | undefined;
  for (const event of facts.events) {
    if (event.code === trigger.event && (!latest || event.date > latest.date))
      latest = { kind: 'event', date: event.date, event };
  }
  return latest;
}

// Date arithmetic dominates the cost; rule offsets are long-lived objects and the dates are few (a
// few thousand per offset). The cap only bounds memory against unusual inputs.
const MEMO_LIMIT = 50_000;
const periodEnds = new WeakMap<Period, Map<IsoDate, IsoDate>>();

function periodEnd(start: IsoDate, offset: Period): IsoDate {
  let ends = periodEnds.get(offset);
  if (!ends) {
    ends = new Map();
    periodEnds.set(offset, ends);
  }
  let end = ends.get(start);
  if (end === undefined) {
    if (ends.size >= MEMO_LIMIT) ends.clear();
    end = addPeriod(start, offset);
    ends.set(start, end);
  }
  return end;
}

function candidate(base: ResolvedBase, offset: Period): BasisCandidate {
  const c: BasisCandidate = { baseKind: base.kind, baseDate: base.date, offset, date: periodEnd(base.date, offset) };
  if (base.event) c.baseEvent = base.event.code;
  if (base.sequence !== undefined) c.baseSequence = base.sequence;
  return c;
}

function designatedMatch(rule: DeadlineRule, designated: readonly string[] | undefined): boolean {
  if (!designated) return true;
  const only = rule.forOffices;
  if (only) return designated.some((office) => only.includes(office));
  const except = rule.exceptOffices;
  if (except) return designated.some((office) => !except.includes(office));
  return true;
}

function firstEvent(
  events: readonly CaseEvent[],
  codes: readonly string[] | undefined,
  from: IsoDate,
): CaseEvent | undefined {
  if (!codes || codes.length === 0) return undefined;
  let found: CaseEvent | undefined;
  for (const event of events) {
    if (event.date >= from && codes.includes(event.code) && (!found || event.date < found.date)) found = event;
  }
  return found;
}

const NOT_ROLLED = (date: IsoDate): RollResult => ({ date, skipped: [], covered: true, workingWeekend: false });

/**
 * Every deadline the pack's rules give for the case, sorted by due date. Event-triggered rules give one
 * per matching event. A rule applies by its base date (appliesFrom/Until), never by today; nothing
 * starts after the case ended, and an open deadline falling due after the end is cancelled
 * ('case_ended') unless the rule exists for that situation (survivesEnd, e.g. restoration).
 */
export function computeDeadlines(
  facts: CaseFacts,
  pack: RulePack,
  calendar: OfficeCalendar,
  options: ComputeOptions = {},
): ComputedDeadline[] {
  if (facts.office !== pack.office) return [];
  const out: ComputedDeadline[] = [];
  for (const { rule, types, routes } of compile(pack)) {
    if (!types.has(facts.patentType) || !routes.has(facts.route)) continue;
    if (!designatedMatch(rule, options.designatedOffices)) continue;
    for (const base of triggerBases(rule.trigger, facts)) {
      const deadline = computeOne(rule, base, facts, pack, calendar, options);
      if (deadline) out.push(deadline);
    }
  }
  out.sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.ruleCode < b.ruleCode ? -1 : 1));
  return out;
}

function computeOne(
  rule: DeadlineRule,
  base: ResolvedBase,
  facts: CaseFacts,
  pack: RulePack,
  calendar: OfficeCalendar,
  options: ComputeOptions,
): ComputedDeadline | undefined {
  const appliesOn = rule.appliesBy === 'filing' ? filingBase(facts)?.date : base.date;
  if ((rule.appliesFrom || rule.appliesUntil) && !appliesOn) return undefined;
  if (appliesOn && rule.appliesFrom && appliesOn < rule.appliesFrom) return undefined;
  if (appliesOn && rule.appliesUntil && appliesOn > rule.appliesUntil) return undefined;
  if (facts.endedDate && base.date > facts.endedDate) return undefined;

  let chosenBase = base;
  let chosen = candidate(base, rule.offset);
  let candidates: BasisCandidate[] | undefined;
  if (rule.latestOf) {
    candidates = [chosen];
    for (const alternative of rule.latestOf) {
      const other = latestBase(alternative.trigger, facts);
      if (!other || (facts.endedDate && other.date > facts.endedDate)) continue;
      const c = candidate(other, alternative.offset);
      candidates.push(c);
      if (c.date > chosen.date) {
        chosen = c;
        chosenBase = other;
      }
    }
  }

  const roll = rule.roll ? rollForward(chosen.date, calendar) : NOT_ROLLED(chosen.date);
  const opensOn = rule.opensAfter ? periodEnd(base.date, rule.opensAfter) : undefined;

  let status: DeadlineState = 'open';
  let cancelledByEvent: string | undefined;
  const done = firstEvent(facts.events, rule.completedBy, opensOn ?? base.date);
  const cancel = done ? undefined : firstEvent(facts.events, rule.cancelledBy, base.date);
  if (done) status = 'done';
  else if (cancel) {
    status = 'cancelled';
    cancelledByEvent = cancel.code;
  } else if (!rule.survivesEnd && facts.endedDate && facts.endedDate < roll.date) {
    status = 'cancelled';
    cancelledByEvent = 'case_ended';
  }

  const deadline: ComputedDeadline = {
    ruleCode: rule.code,
    packVersion: pack.version,
    calendarOffice: calendar.office,
    baseKind: chosen.baseKind,
    baseDate: chosen.baseDate,
    offset: chosen.offset,
    unadjustedDate: chosen.date,
    dueDate: roll.date,
    rolled: rule.roll,
    skipped: roll.skipped,
    calendarCovered: roll.covered,
    citation: rule.citation,
    source: rule.source,
    label: rule.label,
    ruleStatus: rule.status,
    status,
    overdue: status === 'open' && options.today !== undefined && options.today > roll.date,
  };
  if (chosen.baseEvent) deadline.baseEvent = chosen.baseEvent;
  if (chosen.baseSequence !== undefined) deadline.baseSequence = chosen.baseSequence;
  if (candidates && candidates.length > 1) deadline.candidates = candidates;
  if (roll.workingWeekend) deadline.dueOnWorkingWeekend = true;
  if (opensOn) deadline.opensOn = opensOn;
  if (cancelledByEvent) deadline.cancelledByEvent = cancelledByEvent;
  if (done) deadline.completedOn = done.date;
  const sid = chosenBase.event?.itemSid;
  if (sid) deadline.triggerItemSid = sid;
  return deadline;
}
