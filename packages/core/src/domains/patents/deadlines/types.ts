// The shapes of deadline rules (data, in versioned packs per office) and of what the engine produces.
// A computed deadline carries its DeadlineBasis: every input it was computed from, so it can be stored
// (JSONB) and explained again later without the pack that made it.
import type { Label } from '../../../models/define.js';
import type { SkippedDay } from '../calendar/types.js';
import type { FilingRoute, PatentType } from '../case-facts.js';
import type { IsoDate, Period } from '../period.js';

/** How far a rule has been checked (patent-rules.md St column: V, S, UNVERIFIED). */
export type RuleStatus = 'verified' | 'secondary' | 'unverified';

/**
 * What a period counts from. 'filing' is the date the office accords (for a PCT national phase the
 * international filing date, PCT Art. 11(3)); 'priority_or_filing' is the earliest priority date, else
 * that filing date (the PCT "priority date" of Art. 2(xi), CNR 12); 'grant' is facts.grantDate.
 */
export type TriggerBase = 'filing' | 'priority' | 'priority_or_filing' | 'international_filing' | 'grant' | 'event';

/** Which occurrences of the event count: the 1st, the 2nd and later ones, or each. */
export type EventSequence = 'first' | 'later' | 'any';

export interface DeadlineTrigger {
  base: TriggerBase;
  /** The event code, when base is 'event' (see DEADLINE_EVENTS). */
  event?: string;
  /** Default 'any'. */
  sequence?: EventSequence;
}

/** Another start-and-period whose end the deadline waits for ("whichever expires later"). */
export interface LaterAlternative {
  trigger: DeadlineTrigger;
  offset: Period;
}

export interface DeadlineRule {
  /** 'CN-EXAM-REQUEST' style: office, dash, what is due. */
  code: string;
  label: Label;
  office: string;
  patentTypes: readonly PatentType[];
  /** The routes (origins) the rule applies to. */
  routes: readonly FilingRoute[];
  trigger: DeadlineTrigger;
  offset: Period;
  /** The deadline is the latest of the main period and these (used when their start is known). */
  latestOf?: readonly LaterAlternative[];
  /** When the action may first be taken (US maintenance window), counted like offset from the base. */
  opensAfter?: Period;
  /** Whether the working-day roll-forward applies (a patent term does not roll). */
  roll: boolean;
  /** Events that end the deadline when they happen on or after its base date. */
  cancelledBy: readonly string[];
  /** Events that fulfil it when they happen on or after its opening (else its base date). */
  completedBy?: readonly string[];
  /** The rule applies to bases on or after / on or before these dates (not to "today"). */
  appliesFrom?: IsoDate;
  appliesUntil?: IsoDate;
  /** Which date appliesFrom/Until is read against: the base date (default) or the filing date. */
  appliesBy?: 'base' | 'filing';
  /** PCT national phase rules: only for these designated offices … */
  forOffices?: readonly string[];
  /** … or for any designated office but these. */
  exceptOffices?: readonly string[];
  /** A deadline that exists because the case ended (restoration): the case's end does not cancel it. */
  survivesEnd?: boolean;
  /** The article or rule, as shown to users. */
  citation: Label;
  /** Where it was verified (patent-rules.md keys), for reviewers. */
  source: string;
  status: RuleStatus;
  note?: Label;
}

export interface RulePack {
  office: string;
  /** 'CN-2024.1' style; changes whenever the rules change (rulePackFingerprint detects a change). */
  version: string;
  effectiveFrom: IsoDate;
  /** The office whose working-day calendar rolls its deadlines. */
  calendarOffice: string;
  rules: readonly DeadlineRule[];
}

/** The dates a patent deadline counts from (the patent engine's bases). */
export type PatentBaseKind = 'filing' | 'priority' | 'international_filing' | 'grant';

/**
 * A date a model declares for its dated rules (core docket/, ModelDeclaration.docket): `date:<name>`, the
 * name of the declared date ('date:expiry'). The basis carries its label, so it explains itself alone.
 */
export type DeclaredDateKind = `date:${string}`;

/** The resolved start of a deadline: which date it counted from. */
export type BaseKind = PatentBaseKind | 'event' | DeclaredDateKind;

export interface BasisCandidate {
  baseKind: BaseKind;
  baseEvent?: string;
  baseSequence?: number;
  baseDate: IsoDate;
  offset: Period;
  date: IsoDate;
}

/** Every input of a computed deadline: stored as JSONB, enough to explain it again in any language. */
export interface DeadlineBasis {
  ruleCode: string;
  packVersion: string;
  calendarOffice: string;
  baseKind: BaseKind;
  /** The declared date's label, for a `date:<name>` base (its model's field label). */
  baseLabel?: Label;
  baseEvent?: string;
  /** Which occurrence of the event (1st office action, 2nd …). */
  baseSequence?: number;
  baseDate: IsoDate;
  offset: Period;
  /** For "whichever is later" rules: every period considered, the chosen one included. */
  candidates?: readonly BasisCandidate[];
  unadjustedDate: IsoDate;
  dueDate: IsoDate;
  /** Whether the rule rolls to a working day at all. */
  rolled: boolean;
  skipped: readonly SkippedDay[];
  /** False when the calendar did not cover a date the roll-forward looked at. */
  calendarCovered: boolean;
  /** The due date is a weekend day that is an official working day (CN make-up day). */
  dueOnWorkingWeekend?: boolean;
  opensOn?: IsoDate;
  citation: Label;
  source: string;
}

export type DeadlineState = 'open' | 'done' | 'cancelled';

export interface ComputedDeadline extends DeadlineBasis {
  label: Label;
  ruleStatus: RuleStatus;
  status: DeadlineState;
  /** The event that cancelled it, or 'case_ended' when the case ended before it fell due. */
  cancelledByEvent?: string;
  completedOn?: IsoDate;
  /** The item that recorded the triggering event. */
  triggerItemSid?: string;
  /** Open and past its due date (only when options.today is given). */
  overdue: boolean;
}

export interface ComputeOptions {
  /** For `overdue`; never changes which rules apply (they go by the base date). */
  today?: IsoDate;
  /** PCT international cases: the offices the national phase is planned for (all rules when absent). */
  designatedOffices?: readonly string[];
}
