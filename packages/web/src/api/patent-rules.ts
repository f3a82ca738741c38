// {webapi} deadlines, fee schedules and office calendars of patent cases (server domains/patents/routes/deadlines.ts):
// a case's deadlines with their explanations, its fee schedule, recomputation, deadlines as iCalendar,
// office calendars and their import; plus the deadlines of every store (the calendar page) and their .ics.
import type { RequestResult } from './call';
import { download, type DownloadedFile } from './download';
import type { DataEnvelope, ModelRow } from './model';
import { request } from './request';

/** One deadline of a case; `title` is the rule's label in the caller's language. */
export interface CaseDeadline {
  sid: string;
  version: number;
  title: string;
  due_date: string;
  status: 'open' | 'done' | 'cancelled' | string;
  origin: 'rule' | 'manual' | null;
  rule_code: string | null;
  item: string | null;
  assignee: string | null;
  completed_on: string | null;
  /** How the date was computed, in the caller's language; null for hand-made deadlines. */
  explanation: string | null;
  citation: string | null;
  base_date: string | null;
  unadjusted_date: string | null;
  pack_version: string | null;
}

export interface FeeSurcharge {
  from: string;
  to: string;
  amount: number;
  rate: number;
  kind: 'rate' | 'fixed';
}

export type FeeSourceStatus = 'verified' | 'secondary' | 'unverified';

/** A stored fee record (model fee). Money may arrive as text (PostgreSQL numeric). */
export interface StoredFee {
  sid: string;
  version: number;
  title: string;
  fee_code: string | null;
  patent_year: number | null;
  due_date: string;
  amount: number | string | null;
  currency: string | null;
  status: 'unpaid' | 'paid' | 'abandoned' | string;
  decision: 'maintain' | 'abandon' | null | string;
  paid_date: string | null;
  paid_amount: number | string | null;
  surcharge: number | string | null;
  origin: string | null;
}

export interface FeeScheduleLine {
  key: string;
  fee_code: string;
  patent_year: number;
  label: string;
  due_date: string;
  window_opens: string | null;
  grace_ends: string;
  base_amount: number;
  reduction_rate: number;
  amount: number;
  currency: string;
  surcharges: FeeSurcharge[];
  source: { ref: string; status: FeeSourceStatus; note?: string };
  record: StoredFee | null;
}

export interface FeeSchedule {
  office: string | null;
  pack_version: string | null;
  currency: string | null;
  term_end: string | null;
  lines: FeeScheduleLine[];
  other_fees: StoredFee[];
}

export interface OfficeCalendar {
  office: string;
  year: number;
  built_in: boolean;
  /** What the built-in calendar covers, in the reader's language (null without one). */
  source: string | null;
  /** 0 Sunday … 6 Saturday. */
  weekend: number[];
  coverage: { from: string; to: string };
  closed: Array<{ date: string; name: string | null; imported: boolean }>;
  working: Array<{ date: string; imported: boolean }>;
}

export interface CalendarImportRow {
  office: string;
  date: string;
  type: string;
  name_zh?: string;
  name_en?: string;
}

export interface CalendarImportAnswer {
  rows: number;
  offices: string[];
  cases: number;
  [count: string]: unknown;
}

/** The company the case is in (the detail page's), sent as x-sub-company-sid. */
export interface CaseCallOptions {
  subCompanySid?: string;
}

const patentPath = (sid: string): string => `/webapi/patent/${encodeURIComponent(sid)}`;

export const patentRuleKeys = {
  deadlines: (sid: string) => ['patent-rules', 'deadlines', sid] as const,
  fees: (sid: string) => ['patent-rules', 'fees', sid] as const,
  portfolio: (iql: string) => ['patent-rules', 'portfolio', iql] as const,
  allDeadlines: (iql: string, stores: readonly string[]) => ['patent-rules', 'all-deadlines', iql, ...stores] as const,
  explanation: (store: string, sid: string) => ['patent-rules', 'explanation', store, sid] as const,
  calendar: (office: string, year: number) => ['patent-rules', 'calendar', office, year] as const,
};

export function fetchCaseDeadlines(
  sid: string,
  options: CaseCallOptions = {},
): Promise<RequestResult<DataEnvelope<CaseDeadline[]>>> {
  return request({ url: `${patentPath(sid)}/deadlines`, ...options });
}

export function fetchFeeSchedule(
  sid: string,
  options: CaseCallOptions = {},
): Promise<RequestResult<DataEnvelope<FeeSchedule>>> {
  return request({ url: `${patentPath(sid)}/fee-schedule`, ...options });
}

/** Makes the fee record of a schedule line that has none (to record its payment); answers the record. */
export function createFeeRecord(
  sid: string,
  key: string,
  options: CaseCallOptions = {},
): Promise<RequestResult<DataEnvelope<StoredFee>>> {
  return request({ url: `${patentPath(sid)}/fee-records`, method: 'POST', body: { key }, ...options });
}

/** Recomputes the case's deadlines, fees and expiry now; answers the counts of what changed. */
export function recomputeCase(
  sid: string,
  options: CaseCallOptions = {},
): Promise<RequestResult<DataEnvelope<Record<string, number>>>> {
  return request({ url: `${patentPath(sid)}/recompute`, method: 'POST', ...options });
}

/** The record a deadline belongs to (a case, a certificate, …); title null when the reader may not see it. */
export interface DeadlineRecordRef {
  model: string;
  sid: string;
  title: string | null;
}

/** A deadline of any store (server platform/docket/deadlines.ts): the store's row plus its model and record. */
export type SpannedDeadline = ModelRow & { model: string; model_label: string; record: DeadlineRecordRef };

export interface DeadlineSpan {
  rows: SpannedDeadline[];
  /** More matched than the server's cap. */
  truncated: boolean;
}

/**
 * The deadlines `iql` finds in every deadline store the caller may view, earliest first; with `stores`,
 * only in those (the list page's record kind filter).
 */
export function fetchDeadlines(
  iql: string,
  stores?: readonly string[],
): Promise<RequestResult<DataEnvelope<DeadlineSpan>>> {
  return request({ url: '/webapi/deadlines', query: { iql, stores: stores?.length ? stores.join(',') : undefined } });
}

/** One deadline with how it was computed, in the caller's language (null for a hand-made one). */
export type ExplainedDeadline = SpannedDeadline & {
  explanation: string | null;
  citation: string | null;
  rules_version: string | null;
};

export function fetchDeadlineExplanation(
  store: string,
  sid: string,
): Promise<RequestResult<DataEnvelope<ExplainedDeadline>>> {
  return request({ url: `/webapi/deadlines/${encodeURIComponent(store)}/${encodeURIComponent(sid)}` });
}

/** The deadlines `iql` finds in every store the caller may view (default: the open ones) as an .ics file. */
export function downloadDeadlinesIcal(iql: string | undefined): Promise<RequestResult<DownloadedFile>> {
  return download({ url: '/webapi/deadlines/ical', query: { iql } });
}

export function fetchOfficeCalendar(
  office: string,
  year: number,
): Promise<RequestResult<DataEnvelope<OfficeCalendar>>> {
  return request({ url: `/webapi/patent-calendars/${encodeURIComponent(office)}`, query: { year } });
}

/** Silent: the dialog lists the server's row errors itself. */
export function importOfficeCalendar(
  rows: readonly CalendarImportRow[],
): Promise<RequestResult<DataEnvelope<CalendarImportAnswer>>> {
  return request({ url: '/webapi/patent-calendars/import', method: 'POST', body: { rows }, silent: true });
}

/** How many open deadlines the caller may see wait for verification (dual docketing), per store. */
export interface UnverifiedCount {
  /** Whether the tenant asks for verification: off, nothing is counted (and the home page shows no card). */
  required: boolean;
  total: number;
  iql: string;
  stores: Array<{ model: string; total: number }>;
}

export function fetchUnverifiedCount(): Promise<RequestResult<DataEnvelope<UnverifiedCount>>> {
  return request({ url: '/webapi/deadlines/unverified/count' });
}
