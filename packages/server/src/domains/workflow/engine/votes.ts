// How a step's approvers decide (spec §4 vote modes), over the opinions given so far. Decided as soon as
// the outcome cannot change, so the remaining tasks are cancelled early.
import type { VoteMode } from '@ipdesk/core';
import type { TaskRow } from './tables.js';

export type Vote = 'approved' | 'rejected' | null;
export type Decision = 'approved' | 'rejected' | null;

/** The decision of N votes (null: not given yet), or null while it is still open. */
export function decideVotes(mode: VoteMode, votes: readonly Vote[]): Decision {
  const n = votes.length;
  const approvals = votes.filter((v) => v === 'approved').length;
  const rejections = votes.filter((v) => v === 'rejected').length;
  if (n === 0) return null;
  const byMode: Record<VoteMode, () => Decision> = {
    // 1 all submit: everyone gives an opinion; any rejection rejects.
    1: () => (approvals + rejections < n ? null : rejections > 0 ? 'rejected' : 'approved'),
    // 2 half pass: approved once at least half approve; rejected once that cannot happen any more.
    2: () => (approvals * 2 >= n ? 'approved' : (n - rejections) * 2 < n ? 'rejected' : null),
    // 3 one pass: the first approval passes; rejected only when everyone rejected.
    3: () => (approvals > 0 ? 'approved' : rejections === n ? 'rejected' : null),
    // 4 all pass: everyone must approve; the first rejection rejects.
    4: () => (rejections > 0 ? 'rejected' : approvals === n ? 'approved' : null),
    // 5 one submit: the first opinion decides.
    5: () => (rejections > 0 ? 'rejected' : approvals > 0 ? 'approved' : null),
  };
  return byMode[mode]();
}

/** The tasks whose opinions are votes: one per approver, plus signers added in parallel. */
export function isVoteTask(task: TaskRow): boolean {
  return (task.kind === 'approve' || task.kind === 'signParallel') && task.status !== 'cancelled';
}

/**
 * The vote of one approver's task: its own opinion, except that an approval followed by signers added
 * after it counts only once they approved too (one rejection among them makes it a rejection).
 */
export function voteOf(task: TaskRow, group: readonly TaskRow[]): Vote {
  if (task.status !== 'done') return null;
  if (task.outcome === 'rejected') return 'rejected';
  if (task.outcome !== 'approved') return null;
  const after = group.filter((t) => t.kind === 'signAfter' && t.parentTaskSid === task.sid && t.status !== 'cancelled');
  if (after.some((t) => t.status === 'done' && t.outcome === 'rejected')) return 'rejected';
  if (after.some((t) => t.status !== 'done')) return null;
  return 'approved';
}

export function groupDecision(mode: VoteMode, group: readonly TaskRow[]): Decision {
  return decideVotes(
    mode,
    group.filter(isVoteTask).map((task) => voteOf(task, group)),
  );
}
