// What the deadline and fee rules read of a case: its office, type, route and key dates, and the
// events recorded on it (office actions, notices). Built by the server from the patent record and its
// items, so the rules stay pure and testable without a database.
import type { IsoDate } from './period.js';

export const PATENT_TYPES = ['invention', 'utility_model', 'design'] as const;
export type PatentType = (typeof PATENT_TYPES)[number];

/** How a case came to its office: directly, claiming Paris priority, as a PCT national phase, … */
export const FILING_ROUTES = [
  'direct',
  'paris',
  'pct_international',
  'pct_national',
  'divisional',
  'continuation',
  'cip',
  'provisional',
  'hague',
] as const;
export type FilingRoute = (typeof FILING_ROUTES)[number];

/** US fee tiers (37 CFR 1.27 / 1.29); other offices ignore it. */
export const ENTITY_SIZES = ['large', 'small', 'micro'] as const;
export type EntitySize = (typeof ENTITY_SIZES)[number];

export interface CaseEvent {
  /** An event code of the rule packs (e.g. 'office_action', 'grant_notice', 'search_report_published'). */
  code: string;
  date: IsoDate;
  /** Which occurrence (1st office action, 2nd …); 1 when not counted. */
  sequence?: number;
  /** The item that recorded it, so a deadline can point back to its trigger. */
  itemSid?: string;
}

export interface CaseFacts {
  /** Office code: ISO 3166 alpha-2, or WO, EP, EM and other regional codes. */
  office: string;
  patentType: PatentType;
  route: FilingRoute;
  filingDate?: IsoDate;
  /** Earliest priority date claimed, if any. */
  priorityDate?: IsoDate;
  /** PCT international filing date for national phases. */
  internationalFilingDate?: IsoDate;
  publicationDate?: IsoDate;
  grantDate?: IsoDate;
  /** Set when the case was abandoned, rejected or lapsed: no new deadlines or fees after it. */
  endedDate?: IsoDate;
  entitySize?: EntitySize;
  /** CN fee reduction share off (0.85 or 0.7), when granted (财税〔2016〕78号). */
  feeReduction?: number;
  events: readonly CaseEvent[];
}
