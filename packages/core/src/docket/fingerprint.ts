// A stable print of a model's docket (its dates, calendar office and rules): stored on each deadline it
// computed, so the server sees at start that the rules changed and recomputes (platform/docket/recompute.ts).
import { canonicalJson, fnv1a32 } from '../domains/patents/deadlines/fingerprint.js';
import type { DocketDeclaration } from './types.js';

export function docketFingerprint(docket: DocketDeclaration): string {
  return fnv1a32(canonicalJson({ dates: docket.dates, calendarOffice: docket.calendarOffice, rules: docket.rules }));
}
