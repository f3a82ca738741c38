// How a configuration pack job is shown (spec §4: waiting → in progress → completed | failed): its tag,
// whether a progress bar is drawn and how full, the error of a failed job, and how often the list is
// read again (every 2 s while any job is unfinished, not at all after). Pure functions.
import type { MessageKey } from '@ipdesk/core';
import type { ConfigJob, JobStatus } from '../../api/config-packs';

export const JOB_POLL_MS = 2000;

export const JOB_STATUS_VIEW: Record<JobStatus, { color: string; labelKey: MessageKey }> = {
  waiting: { color: 'default', labelKey: 'adminOrg.job.waiting' },
  in_progress: { color: 'processing', labelKey: 'adminOrg.job.inProgress' },
  completed: { color: 'success', labelKey: 'adminOrg.job.completed' },
  failed: { color: 'error', labelKey: 'adminOrg.job.failed' },
};

export function isJobUnfinished(job: Pick<ConfigJob, 'status'>): boolean {
  return job.status === 'waiting' || job.status === 'in_progress';
}

/** Percent done, 0–100 (a job of unknown size is at 0 until it finishes). */
export function jobPercent(job: Pick<ConfigJob, 'status' | 'progress' | 'total'>): number {
  if (job.status === 'completed') return 100;
  if (!(job.total > 0) || !Number.isFinite(job.progress)) return 0;
  return Math.min(100, Math.max(0, Math.floor((job.progress / job.total) * 100)));
}

export interface JobView {
  color: string;
  labelKey: MessageKey;
  /** Only while waiting or in progress. */
  progress: { percent: number; progress: number; total: number } | undefined;
  /** Only for a failed job. */
  error: string | undefined;
}

export function jobView(job: ConfigJob): JobView {
  const status = JOB_STATUS_VIEW[job.status] ?? JOB_STATUS_VIEW.waiting;
  return {
    ...status,
    progress: isJobUnfinished(job)
      ? { percent: jobPercent(job), progress: Math.max(0, job.progress), total: Math.max(0, job.total) }
      : undefined,
    error: job.status === 'failed' ? (job.error ?? '') : undefined,
  };
}

/** react-query's refetchInterval for the job list: every 2 s while a job is unfinished, else off. */
export function jobsPollInterval(jobs: readonly Pick<ConfigJob, 'status'>[] | undefined): number | false {
  return jobs?.some(isJobUnfinished) ? JOB_POLL_MS : false;
}
