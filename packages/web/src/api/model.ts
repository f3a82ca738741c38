// {webapi} generic model calls (spec §7 "Generic resource pattern"): a model's schema, one record,
// create / update / delete, iql search and count, and a record's history. Every declared model answers
// the same calls, so the generic list, detail and form pages need no per-model code.
import type { FieldFileInfo, SuccessEnvelope } from '@ipdesk/core';
import type { RequestResult } from './call';
import { request } from './request';

export interface DataEnvelope<T> extends SuccessEnvelope {
  data: T;
}

/**
 * The titles of the records an answer's references point at, per target model and sid ("CN-2026-001 锂电池");
 * null for one the caller may not see (shown as "—"). Absent from an older server's answer.
 */
export type ReferenceTitles = Record<string, Record<string, string | null>>;

/**
 * The files in the records' file fields (design samples, figures): file sid → name, type, size and the
 * (webapi-relative) URLs to fetch it; absent when the records hold none.
 */
export type FieldFiles = Record<string, FieldFileInfo>;

/** An answer of records (a page, one record, a history) with their linked records' titles beside them. */
export interface TitledEnvelope<T> extends DataEnvelope<T> {
  titles?: ReferenceTitles;
  files?: FieldFiles;
}

// The schema answer's shape is core's (shared with the server's response schema, issue 17 item 5).
import type {
  ActionResult,
  ActionRun,
  LifecycleActionAnswer,
  ModelAbilities,
  ModelSchema,
  SchemaField,
  SchemaFieldFlags,
  SchemaOption,
} from '@ipdesk/core';
export type {
  ActionResult,
  ActionRun,
  LifecycleActionAnswer,
  ModelAbilities,
  ModelSchema,
  SchemaField,
  SchemaFieldFlags,
  SchemaOption,
};

/** A non-blocking remark of the server on a record (a duplicate application number, say). */
export interface RecordWarning {
  code: string;
  field?: string;
  message: string;
  links?: Array<{ model: string; sid: string; label: string }>;
}

/** A create or update answer: the record, and the warnings the save went through with. */
export interface SavedRecordEnvelope extends TitledEnvelope<ModelRow> {
  warnings?: RecordWarning[];
}

/** A record as the API returns it: system fields plus the declared ones, by field name. */
export type ModelRow = Record<string, unknown> & { sid: string; version: number; company_sid?: string };

export interface SearchInput {
  iql?: string;
  fl?: string[];
  /** An offset page (bounded by SEARCH_OFFSET_MAX), or with `cursor` the page after the cursor's row. */
  page?: number;
  size?: number;
  /** A previous answer's next_cursor: the page that follows it, walked by keyset. */
  cursor?: string;
  total?: boolean;
}

export interface SearchAnswer {
  rows: ModelRow[];
  total?: number;
  next_cursor?: string;
}

export interface HistoryEntry {
  /** The audit action (`<model>.created`, `patent_relation.created`, …; docs/audit.md). */
  action: string;
  actor_sid: string | null;
  actor_name: string | null;
  at: string;
  changes: Record<string, { before: unknown; after: unknown }>;
  /** A status change's lifecycle action (named in the schema's lifecycle) and its comment. */
  lifecycle_action?: string;
  comment?: string;
  /** The approval process whose outcome made this status change (an approval-bound action). */
  instance_sid?: string;
}

/** Call options the pages choose: whether failures are shown by the global notices, and the company. */
export interface ModelCallOptions {
  silent?: boolean;
  subCompanySid?: string;
}

const base = (model: string): string => `/webapi/model/${encodeURIComponent(model)}`;

export function fetchModelSchema(model: string): Promise<RequestResult<DataEnvelope<ModelSchema>>> {
  return request({ url: `${base(model)}/do/schema` });
}

export function fetchRecord(
  model: string,
  sid: string,
  options: ModelCallOptions = {},
): Promise<RequestResult<TitledEnvelope<ModelRow>>> {
  return request({ url: `${base(model)}/${encodeURIComponent(sid)}`, ...options });
}

export function createRecord(
  model: string,
  data: Record<string, unknown>,
  options: ModelCallOptions = {},
): Promise<RequestResult<SavedRecordEnvelope>> {
  return request({ url: `${base(model)}/do/create`, method: 'POST', body: { data }, ...options });
}

export function updateRecord(
  model: string,
  input: { sid: string; version: number; data: Record<string, unknown> },
  options: ModelCallOptions = {},
): Promise<RequestResult<SavedRecordEnvelope>> {
  return request({ url: `${base(model)}/do/update`, method: 'POST', body: input, ...options });
}

/** A form's values checked for warnings before saving: their stored form and the warnings; nothing saved. */
export function checkRecordWarnings(
  model: string,
  input: { sid?: string; data: Record<string, unknown> },
  options: ModelCallOptions = {},
): Promise<RequestResult<DataEnvelope<{ normalized: Record<string, unknown>; warnings: RecordWarning[] }>>> {
  return request({ url: `${base(model)}/do/warnings`, method: 'POST', body: input, ...options });
}

/** With the version read, so a record changed meanwhile is not deleted (409000). */
export function deleteRecord(
  model: string,
  sid: string,
  version: number | undefined,
  options: ModelCallOptions = {},
): Promise<RequestResult<SuccessEnvelope>> {
  return request({
    url: `${base(model)}/do/delete/${encodeURIComponent(sid)}`,
    method: 'POST',
    body: version === undefined ? {} : { version },
    ...options,
  });
}

/**
 * Deletes the records all or none (one server transaction, at most 1,000), each at the version read: one
 * out of reach or changed meanwhile refuses the batch (404202 / 409000, the records named in `fields`).
 */
export function deleteRecords(
  model: string,
  records: ReadonlyArray<{ sid: string; version?: number }>,
  options: ModelCallOptions = {},
): Promise<RequestResult<DataEnvelope<{ deleted: number }>>> {
  return request({ url: `${base(model)}/do/batch-delete`, method: 'POST', body: { records }, ...options });
}

export function searchRecords(
  model: string,
  input: SearchInput,
  options: ModelCallOptions = {},
): Promise<RequestResult<TitledEnvelope<SearchAnswer>>> {
  return request({ url: `${base(model)}/do/search`, method: 'POST', body: input, ...options });
}

/** A count, exact or (estimate: true, a broad query on a PostgreSQL server) the planner's estimate. */
export interface CountAnswer {
  total: number;
  estimated?: true;
}

export function countRecords(
  model: string,
  iql: string | undefined,
  options: ModelCallOptions & { estimate?: boolean } = {},
): Promise<RequestResult<DataEnvelope<CountAnswer>>> {
  const { estimate, ...call } = options;
  return request({
    url: `${base(model)}/do/count`,
    method: 'POST',
    body: { ...(iql && { iql }), ...(estimate && { estimate }) },
    ...call,
  });
}

/** One kind of record deleting a record also deletes, with how many (label in the caller's language). */
export interface DeleteDependent {
  key: string;
  label: string;
  count: number;
}

export function fetchDeletePreview(
  model: string,
  sid: string,
  options: ModelCallOptions = {},
): Promise<RequestResult<DataEnvelope<{ dependents: DeleteDependent[] }>>> {
  return request({ url: `${base(model)}/do/delete-preview/${encodeURIComponent(sid)}`, ...options });
}

export function fetchHistory(
  model: string,
  sid: string,
  options: ModelCallOptions = {},
): Promise<RequestResult<TitledEnvelope<HistoryEntry[]>>> {
  return request({ url: `${base(model)}/do/history/${encodeURIComponent(sid)}`, ...options });
}

/** What a lifecycle action is asked to do: on these records (1–1,000), each at the version read when known. */
/** The records: `sids` (a selection) or `query` (every record the iql finds, at most MAX_ACTION_RECORDS). */
export interface ActionInput {
  sids?: string[];
  query?: string;
  versions?: Record<string, number>;
  comment?: string;
  values?: Record<string, unknown>;
}

/** Runs a lifecycle action on records, each in its own transaction: a result per record (done, started, refused). */
export function runRecordAction(
  model: string,
  action: string,
  input: ActionInput,
  options: ModelCallOptions = {},
): Promise<RequestResult<DataEnvelope<ActionRun>>> {
  return request({
    url: `${base(model)}/do/action/${encodeURIComponent(action)}`,
    method: 'POST',
    body: input,
    ...options,
  });
}
