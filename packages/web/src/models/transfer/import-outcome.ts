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

/** The picker accepts .xlsx only (the server reads nothing else). */
export function isXlsxFile(file: { name: string }): boolean {
  return /\.xlsx$/i.test(file.name);
}
