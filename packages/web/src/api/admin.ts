// {webapi} tenant administration of the model layer (docs/models.md "Custom fields and dictionaries"):
// custom field drafts and publishing, dictionary options and cascader imports. The server answers 403
// to anyone who is not a tenant administrator.
import type { CustomKind, SuccessEnvelope } from '@ipdesk/core';
import type { RequestResult } from './call';
import type { DataEnvelope } from './model';
import { request } from './request';

// The kinds are core's, shared with the server's checks (core models/custom-kinds.ts).
export type { CustomKind } from '@ipdesk/core';

export const CUSTOM_FLAGS = [
  'search_filter',
  'table_column',
  'import',
  'export',
  'process_variable',
  'approval',
  // Offered in the list's batch edit (docs/models.md "Batch edit"); a save without it would turn it off.
  'batch_edit',
] as const;
export type CustomFlag = (typeof CUSTOM_FLAGS)[number];

/** A custom field's definition as the server takes it (create and update). */
export interface CustomFieldDefinition {
  name_zh: string;
  name_en: string;
  kind: CustomKind;
  multiple: boolean;
  scope: string[];
  min_length: number | null;
  max_length: number | null;
  required: boolean;
  dictionary: string | null;
  flags: Record<CustomFlag, boolean>;
}

export interface CustomFieldRow {
  sid: string;
  model: string;
  code: string;
  published: CustomFieldDefinition | null;
  draft: CustomFieldDefinition | null;
  published_at: string | null;
  status: 'published' | 'unpublished';
  has_draft: boolean;
}

export interface DictionaryEntry {
  key: string;
  label: string;
  labels: { zh: string; en: string };
  parent_key: string | null;
  disabled: boolean;
  built_in: boolean;
  sort_by: number;
}

export interface DictionaryOptionInput {
  key: string;
  label_zh: string;
  label_en: string;
  parent_key?: string | null;
  disabled?: boolean;
  sort_by?: number;
}

export interface CascadeImportAnswer {
  saved: number;
  errors: Array<{ row: number; message: string }>;
}

const CUSTOM_FIELD = '/webapi/model/custom_field/do';

export function searchCustomFields(model: string): Promise<RequestResult<DataEnvelope<CustomFieldRow[]>>> {
  return request({ url: `${CUSTOM_FIELD}/search`, method: 'POST', body: { model } });
}

/** Silent: the drawer shows the server's words next to the form. */
export function createCustomField(input: {
  model: string;
  code: string;
  definition: CustomFieldDefinition;
}): Promise<RequestResult<DataEnvelope<CustomFieldRow>>> {
  return request({ url: `${CUSTOM_FIELD}/create`, method: 'POST', body: input, silent: true });
}

export function updateCustomField(input: {
  sid: string;
  definition: CustomFieldDefinition;
}): Promise<RequestResult<DataEnvelope<CustomFieldRow>>> {
  return request({ url: `${CUSTOM_FIELD}/update`, method: 'POST', body: input, silent: true });
}

export function publishCustomFields(model: string): Promise<RequestResult<DataEnvelope<{ version: number }>>> {
  return request({ url: `${CUSTOM_FIELD}/publish`, method: 'POST', body: { model } });
}

export function fetchDictionary(name: string): Promise<RequestResult<DataEnvelope<DictionaryEntry[]>>> {
  return request({ url: `/webapi/dictionary/${encodeURIComponent(name)}` });
}

export function saveDictionaryOptions(
  dictionary: string,
  options: DictionaryOptionInput[],
  silent = false,
): Promise<RequestResult<SuccessEnvelope>> {
  return request({ url: '/webapi/dictionary/do/save', method: 'POST', body: { dictionary, options }, silent });
}

export function importCascade(
  dictionary: string,
  file: File,
): Promise<RequestResult<DataEnvelope<CascadeImportAnswer>>> {
  const form = new FormData();
  form.append('file', file, file.name);
  return request({ url: '/webapi/dictionary/do/import', method: 'POST', query: { dictionary }, body: form });
}
