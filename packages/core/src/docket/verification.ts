// Deadline verification (dual docketing, issue 19): a deadline entered or changed by hand, or created from an
// incoming notice, is unverified until a second person checks its trigger, computation and office. Declared
// here once, so every deadline store (patent_task and each defineDeadlineModel store) has the same fields and
// the lifecycle's `verify` action; the server's docket verification module writes them.
import { field } from '../models/define.js';

/** A deadline's verification: `verified`, `unverified`; empty while the tenant does not ask for it. */
export const DEADLINE_VERIFICATIONS = ['verified', 'unverified'] as const;
export type DeadlineVerification = (typeof DEADLINE_VERIFICATIONS)[number];

/**
 * The hand-written fields whose change makes a deadline unverified again: its due date and what it is
 * counted from (its trigger); patent_task also its office and the notice it was created from.
 */
export const VERIFIED_INPUTS = ['due_date', 'base_date', 'office', 'item'] as const;

export const verificationFields = {
  verification: field('option', {
    label: { zh: '复核', en: 'Verification' },
    dictionary: 'deadline_verification',
    managed: true,
    flags: { searchFilter: true, tableColumn: true, import: false },
  }),
  // Who last entered or changed it by hand (or entered the notice it came from): they may not verify it.
  entered_by: field('user', {
    label: { zh: '录入人', en: 'Entered by' },
    managed: true,
    flags: { searchFilter: true, import: false },
  }),
  verified_by: field('user', { label: { zh: '复核人', en: 'Verified by' }, managed: true, flags: { import: false } }),
  verified_at: field('timestamp', {
    label: { zh: '复核时间', en: 'Verified at' },
    managed: true,
    flags: { import: false },
  }),
};
