// {webapi} spreadsheet import and export of any model (spec §5, §8): the xlsx template (a download with
// the token), import jobs with progress and row errors, and export links the browser opens itself.
import type { RequestResult } from './call';
import { download, type DownloadedFile } from './download';
import type { DataEnvelope } from './model';
import { request } from './request';

export type ImportMode = 'all_or_nothing' | 'valid_only';

export interface ImportRowError {
  row: number;
  /** The column's letters (A, B, …); empty when the row as a whole is meant. */
  column: string;
  field: string;
  label: string;
  message: string;
}

export interface ImportJob {
  status: 'waiting' | 'running' | 'completed' | 'failed';
  /** queued (waiting its turn) → validating (processed rows checked) → writing (imported of to_write) → done. */
  phase: 'queued' | 'validating' | 'writing' | 'done';
  /** While waiting: 1 when it is the next job to run. */
  queue_position: number | null;
  total: number;
  processed: number;
  to_write: number;
  imported: number;
  error_count: number;
  errors: ImportRowError[];
  failure: string | null;
}

const base = (model: string): string => `/webapi/model/${encodeURIComponent(model)}/do`;

export function downloadImportTemplate(model: string): Promise<RequestResult<DownloadedFile>> {
  return download({ url: `${base(model)}/import_template` });
}

export function startImport(
  model: string,
  file: File,
  mode: ImportMode,
): Promise<RequestResult<DataEnvelope<{ job_sid: string }>>> {
  const form = new FormData();
  form.append('file', file, file.name);
  return request({ url: `${base(model)}/import`, method: 'POST', query: { mode }, body: form });
}

export function fetchImportJob(model: string, job: string): Promise<RequestResult<DataEnvelope<ImportJob>>> {
  return request({ url: `${base(model)}/import/${encodeURIComponent(job)}` });
}

/** A link valid 10 minutes that needs no token; an expired one answers 400202 (reselect the data). */
export function createExport(
  model: string,
  input: { iql?: string; fl?: string[] },
): Promise<RequestResult<DataEnvelope<{ url: string; expires_at: string }>>> {
  return request({ url: `${base(model)}/export`, method: 'POST', body: input });
}

export function isFinished(job: ImportJob): boolean {
  return job.status === 'completed' || job.status === 'failed';
}
