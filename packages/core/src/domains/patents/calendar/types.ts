// The shapes of an office's working-day calendar: which weekdays are the weekend, which dates are
// closed (holidays, office closures) and which weekend dates are official working days (CN make-up
// days), for the years the data covers. Data files hold CalendarData; the engine reads OfficeCalendar.
import type { Label } from '../../../models/define.js';
import type { IsoDate } from '../period.js';

export interface CalendarCoverage {
  from: IsoDate;
  to: IsoDate;
}

/** A calendar as stored in a data file: plain arrays, so it is cheap to generate and to diff. */
export interface CalendarData {
  office: string;
  /** Where the days come from, and what is assumed or missing. */
  source: string;
  /** Weekdays that are not working days: 0 Sunday … 6 Saturday. */
  weekend: readonly number[];
  coverage: CalendarCoverage;
  /** [date, Chinese name, English name] of each closed day. */
  closed: ReadonlyArray<readonly [IsoDate, string, string]>;
  /** Weekend dates that are official working days (CN 调休上班日). */
  working: readonly IsoDate[];
}

export interface ClosedDay {
  name?: Label;
}

/** A calendar ready for lookups: a closed-day check is one Map/Set lookup. */
export interface OfficeCalendar {
  office: string;
  source: string;
  weekend: readonly number[];
  closedDays: ReadonlyMap<IsoDate, ClosedDay>;
  workingDays: ReadonlySet<IsoDate>;
  /** The dates the closed-day list is known for; outside it only weekends count. */
  coverage: CalendarCoverage;
}

export type SkipReason = 'weekend' | 'holiday';

export interface SkippedDay {
  date: IsoDate;
  reason: SkipReason;
  name?: Label;
}

export interface RollResult {
  /** The first working day on or after the date asked about. */
  date: IsoDate;
  /** The closed days passed over, in order (empty when the date itself is a working day). */
  skipped: readonly SkippedDay[];
  /** False when a date examined lies outside the calendar's coverage (only weekends were known). */
  covered: boolean;
  /** The result is a weekend day that is an official working day (CN make-up day). */
  workingWeekend: boolean;
}
