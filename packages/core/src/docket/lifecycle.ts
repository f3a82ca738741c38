// The lifecycle every stored deadline shares (patent_task and each docketed model's deadline store): done by
// the "complete" action with the day it was done, and reopened. Cancelled is the rule engine's: a rule
// deadline that no longer applies (the server's recompute writes it, no user action). Verified by a second
// person (dual docketing, docket/verification.ts): the status stays open, the verification and who did it are
// stamped; the one who entered the deadline may not.
import { defineLifecycle } from '../models/lifecycle.js';

export const deadlineLifecycle = defineLifecycle<'open' | 'done' | 'cancelled'>({
  field: 'status',
  initial: 'open',
  statuses: {
    open: { color: 'blue' },
    done: { color: 'green', final: true },
    cancelled: { color: 'gray', final: true },
  },
  actions: {
    complete: {
      label: { zh: '标记完成', en: 'Mark done' },
      from: ['open'],
      to: 'done',
      sets: ['completed_on'],
      requires: ['completed_on'],
    },
    reopen: { label: { zh: '重新打开', en: 'Reopen' }, from: ['done'], to: 'open', clears: ['completed_on'] },
    verify: {
      label: { zh: '复核', en: 'Verify' },
      from: ['open'],
      to: 'open',
      when: { field: 'verification', in: ['unverified'] },
      notBy: 'entered_by',
      stamps: { verification: { value: 'verified' }, verified_by: 'actor', verified_at: 'now' },
      auditVerb: 'verified',
      confirm: {
        zh: '确认已核对期限的起算依据、计算结果和官方机构？',
        en: 'Have you checked the deadline’s trigger, its computation and its office?',
      },
    },
  },
});
