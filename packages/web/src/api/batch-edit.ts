// {webapi} batch edit (docs/models.md "Batch edit"): how many records a batch would change, starting one
// (a durable job on the server), its progress, the history of batches with each record's values before and
// after, and the undo of a batch.
import type { BatchItemOutcome, BatchJobStatus } from '@ipdesk/core';
import type { RequestResult } from './call';
import type { DataEnvelope, ModelCallOptions, TitledEnvelope } from './model';
import { request } from './request';

/** The records a batch edits: a list's selection, or every record an iql search finds. */
export type BatchSelection = { sids: string[] } | { query: string };

export interface BatchEditInput {
  selection: BatchSelection;
  /** Field name → the value every record gets (null clears it). */
  values: Record<string, unknown>;
}

export interface BatchPreview {
  /** Records selected (or found), those of them in the caller's data scope, and those holding other values. */
  selected: number;
  in_scope: number;
  will_change: number;
}

/** A refusal as the server tells it, in the reader's language. */
export interface BatchFailure {
  code: number;
  message: string;
}

export interface BatchSummary {
  sid: string;
  kind: 'edit' | 'undo';
  model: string;
  fields: string[];
  status: BatchJobStatus;
  user_sid: string;
  user_name: string | null;
  created_at: string;
  finished_at: string | null;
  undo_of: string | null;
  undone_by: string | null;
  total: number;
  counts: Record<BatchItemOutcome, number>;
  failure: BatchFailure | null;
}

export interface BatchItem {
  seq: number;
  record_sid: string;
  outcome: BatchItemOutcome;
  changes: Record<string, { before: unknown; after: unknown }>;
  error: BatchFailure | null;
}

export interface BatchPage<T> {
  rows: T[];
  total: number;
}

const modelBase = (model: string): string => `/webapi/model/${encodeURIComponent(model)}/do/batch-edit`;
const batchBase = (sid: string): string => `/webapi/batch-edit/${encodeURIComponent(sid)}`;

const body = ({ selection, values }: BatchEditInput) => ({ ...selection, values });

export function previewBatchEdit(
  model: string,
  input: BatchEditInput,
  options: ModelCallOptions = {},
): Promise<RequestResult<DataEnvelope<BatchPreview>>> {
  return request({ url: `${modelBase(model)}/preview`, method: 'POST', body: body(input), ...options });
}

export function startBatchEdit(
  model: string,
  input: BatchEditInput,
  options: ModelCallOptions = {},
): Promise<RequestResult<DataEnvelope<{ batch_sid: string }>>> {
  return request({ url: modelBase(model), method: 'POST', body: body(input), ...options });
}

export function fetchBatch(
  sid: string,
  options: ModelCallOptions = {},
): Promise<RequestResult<DataEnvelope<BatchSummary>>> {
  return request({ url: batchBase(sid), ...options });
}

export function fetchBatchHistory(
  input: { model?: string; start: number; rows: number },
  options: ModelCallOptions = {},
): Promise<RequestResult<DataEnvelope<BatchPage<BatchSummary>>>> {
  return request({ url: '/webapi/batch-edit/history', query: input, ...options });
}

export function fetchBatchItems(
  sid: string,
  input: { outcome?: BatchItemOutcome; start: number; rows: number },
  options: ModelCallOptions = {},
): Promise<RequestResult<TitledEnvelope<BatchPage<BatchItem>>>> {
  return request({ url: `${batchBase(sid)}/items`, query: input, ...options });
}

/** Starts the undo of a finished batch: a new batch, whose sid is answered. */
export function undoBatchEdit(
  sid: string,
  options: ModelCallOptions = {},
): Promise<RequestResult<DataEnvelope<{ batch_sid: string }>>> {
  return request({ url: `${batchBase(sid)}/undo`, method: 'POST', ...options });
}
