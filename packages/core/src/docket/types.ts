// The declaration by which any model dockets its dates (ModelDeclaration.docket): which of its date fields
// rules count from, whose working-day calendar rolls the due dates, the rules themselves (data, each with
// its legal source), and the model its computed deadlines are stored in (defineDeadlineModel).
import type { RuleStatus } from '../domains/patents/deadlines/types.js';
import type { Period } from '../domains/patents/period.js';
import type { Label } from '../models/define.js';

/** A rule that counts a deadline from one of a model's declared dates ("renew by expiry"). */
export interface DatedRule {
  /** 'CERT-RENEW' style: unique within the model's rules; the stored deadline keeps it. */
  code: string;
  label: Label;
  /** The declared date (a key of DocketDeclaration.dates) the period counts from. */
  trigger: { date: string };
  /** May be negative: a window that opens 12 months before expiry is { months: -12 }. */
  offset: Period;
  /** The window opens this long after the trigger date … */
  opensAfter?: Period;
  /** … or this long before the due date (before its roll-forward): "file in the 12 months before expiry". */
  opensBefore?: Period;
  /** Whether a due date on a closed day moves to the next working day of the calendar office. */
  roll: boolean;
  /** The rule applies only while each named field holds one of the listed values (option keys, as text). */
  when?: Readonly<Record<string, readonly string[]>>;
  /** The article or rule, as shown to users. */
  citation: Label;
  /** Where it was checked (a document and section), for reviewers. */
  source: string;
  status: RuleStatus;
  note?: Label;
}

/** Whose working-day calendar rolls the due dates: an office named in a field of the record, or a fixed one. */
export type DocketCalendarOffice = { field: string } | { office: string };

export interface DocketDeclaration {
  /** Named dates the rules count from → the model's date fields ({ expiry: 'expiry_date' }). */
  dates: Readonly<Record<string, string>>;
  calendarOffice: DocketCalendarOffice;
  rules: readonly DatedRule[];
  /** The model its deadlines are stored in: a child of this one made by defineDeadlineModel. */
  deadlineModel: string;
}
