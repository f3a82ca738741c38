// What an import job's end means for the person who started it (never silently partial, spec §5).
import type { MessageKey } from '@ipdesk/core';
import type { ImportJob, ImportMode } from '../../api/transfer';

export interface ImportOutcome {
  status: 'success' | 'warning' | 'error';
  key: MessageKey;
  params: Record<string, string | number>;
}

export function importOutcome(job: ImportJob, mode: ImportMode): ImportOutcome {
  const errors = job.error_count;
  if (job.failure && errors === 0) return { status: 'error', key: 'transfer.failed', params: { message: job.failure } };
  if (errors === 0) return { status: 'success', key: 'transfer.doneAll', params: { imported: job.imported } };
  if (mode === 'all_or_nothing' || job.imported === 0)
    return { status: 'error', key: 'transfer.nothingImported', params: { errors } };
  return { status: 'warning', key: 'transfer.partly', params: { imported: job.imported, errors } };
}

export interface ImportProgress {
  /** Of the bar; undefined while the number of rows is not known yet (checking). */
  percent: number | undefined;
  key: MessageKey;
  params: Record<string, string | number>;
}

/** The job's real progress by phase, as the server reports it while rows are checked and written. */
export function importProgress(job: ImportJob | undefined): ImportProgress {
  if (!job || job.phase === 'queued')
    return { percent: 0, key: 'transfer.progressQueued', params: { position: job?.queue_position ?? 1 } };
  if (job.phase === 'validating')
    return { percent: undefined, key: 'transfer.progressValidating', params: { processed: job.processed } };
  const percent = job.to_write > 0 ? Math.min(100, Math.floor((job.imported / job.to_write) * 100)) : 100;
  return { percent, key: 'transfer.progressWriting', params: { imported: job.imported, total: job.to_write } };
}

/** The picker accepts .xlsx only (the server reads nothing else). */
export function isXlsxFile(file: { name: string }): boolean {
  return /\.xlsx$/i.test(file.name);
}
