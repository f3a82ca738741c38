// {webapi} process definitions (docs: server route workflow-definitions.ts): the list per key, versions,
// one version with its XML and design problems, creating from the template, saving the draft and
// publishing under the loaded version's stamp, and zip export / import. Writes are silent: the list page
// and the designer show the server's words where the user acted (a conflict, a refused publish).
import type { RequestResult } from './call';
import { download, type DownloadedFile } from './download';
import type { DataEnvelope } from './model';
import { request } from './request';

export type DefinitionStatus = 'draft' | 'published' | 'retired';

/** One line of the list: a key with its newest version and the numbers of its draft and published ones. */
export interface DefinitionSummary {
  key: string;
  name: string;
  model: string;
  category: string | null;
  latest_version: number;
  latest_status: DefinitionStatus;
  draft_version: number | null;
  published_version: number | null;
  updated_at: string;
  published_at: string | null;
}

export interface DefinitionHeader {
  key: string;
  version: number;
  name: string;
  model: string;
  category: string | null;
  status: DefinitionStatus;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  published_at: string | null;
}

/** A design problem as the server reports it, with its text already in the caller's language. */
export interface ProblemAnswer {
  rule: string;
  element_id: string;
  severity: 'error' | 'warning';
  message_key: string;
  params: Record<string, string | number>;
  message: string;
}

export interface DefinitionWrite extends DefinitionHeader {
  problems: ProblemAnswer[];
}

export interface DefinitionVersion extends DefinitionHeader {
  xml: string;
  problems: ProblemAnswer[];
}

export type VersionSummary = Pick<
  DefinitionHeader,
  'version' | 'status' | 'name' | 'created_by' | 'created_at' | 'updated_at' | 'published_at'
>;

/** The newest version the designer loaded: a write based on anything older answers 409802. */
export interface VersionStamp {
  version: number;
  updated_at: string;
}

const BASE = '/webapi/workflow/definitions';
const keyPath = (key: string): string => `${BASE}/${encodeURIComponent(key)}`;

export function listDefinitions(
  query: { model?: string; keyword?: string } = {},
): Promise<RequestResult<DataEnvelope<DefinitionSummary[]>>> {
  return request({ url: BASE, query });
}

export function createDefinition(input: {
  key: string;
  name: string;
  model: string;
}): Promise<RequestResult<DataEnvelope<DefinitionWrite>>> {
  return request({ url: BASE, method: 'POST', body: input, silent: true });
}

export function listVersions(key: string): Promise<RequestResult<DataEnvelope<VersionSummary[]>>> {
  return request({ url: `${keyPath(key)}/versions` });
}

export function fetchVersion(key: string, version: number): Promise<RequestResult<DataEnvelope<DefinitionVersion>>> {
  return request({ url: `${keyPath(key)}/versions/${version}` });
}

export function saveDraft(
  key: string,
  input: VersionStamp & { xml: string },
): Promise<RequestResult<DataEnvelope<DefinitionWrite>>> {
  return request({ url: `${keyPath(key)}/draft`, method: 'POST', body: input, silent: true });
}

export function publishDefinition(
  key: string,
  stamp: VersionStamp,
): Promise<RequestResult<DataEnvelope<DefinitionWrite>>> {
  return request({ url: `${keyPath(key)}/publish`, method: 'POST', body: stamp, silent: true });
}

export function exportVersion(key: string, version: number): Promise<RequestResult<DownloadedFile>> {
  return download({ url: `${keyPath(key)}/versions/${version}/export` });
}

/** A vendor approver of a process from another modeler (camunda:assignee…) and the user or role it became. */
export interface MappedAssignee {
  node_id: string;
  node_name: string;
  vendor: string;
  attribute: 'assignee' | 'candidateUsers' | 'candidateGroups';
  value: string;
  kind: 'user' | 'role';
  resolved: { value: string; name: string } | null;
}

export interface ImportedDefinition extends DefinitionWrite {
  created: boolean;
  mapped: MappedAssignee[];
}

/** For a process from another modeler: the model (and the lifecycle action) it is bound to on import. */
export interface ImportBinding {
  model?: string;
  action?: string;
}

export function importDefinition(
  file: File,
  overwriteDraft: boolean,
  binding: ImportBinding = {},
): Promise<RequestResult<DataEnvelope<ImportedDefinition>>> {
  const form = new FormData();
  form.append('file', file, file.name);
  return request({
    url: `${BASE}/do/import`,
    method: 'POST',
    query: {
      ...(overwriteDraft && { overwrite_draft: 'true' }),
      ...(binding.model && { model: binding.model }),
      ...(binding.action && { action: binding.action }),
    },
    body: form,
    silent: true,
  });
}
