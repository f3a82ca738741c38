// {webapi} a patent's documents: list, upload (multipart), metadata changes, delete, history, the required
// categories of a stage, and the file itself for preview (a blob, fetched with the session's headers) or
// download. Calls are silent: the tab shows the server's words where they belong.
import type { DocumentStage, SuccessEnvelope } from '@ipdesk/core';
import type { RequestResult } from '../../api/call';
import { download, fetchBlob, type DownloadedFile } from '../../api/download';
import type { DataEnvelope } from '../../api/model';
import { request } from '../../api/request';

export interface PatentDocument {
  sid: string;
  patent_sid: string;
  item_sid: string | null;
  file_name: string;
  category: string | null;
  category_label: string;
  sent_received_on: string | null;
  major_version: number;
  version_remark: string | null;
  archived_on: string | null;
  /** Sent back with a metadata change, so a change made meanwhile is not overwritten (409000). */
  version: number;
  checksum: string;
  uploaded_by: string | null;
  uploaded_by_name: string | null;
  uploaded_at: string;
  media_type: string;
  size_bytes: number;
  /** An image or PDF small enough to show in the browser (an encrypted PDF is found out on preview). */
  previewable: boolean;
}

export interface DocumentMetadata {
  file_name?: string;
  category?: string | null;
  item_sid?: string | null;
  sent_received_on?: string | null;
  major_version?: number;
  version_remark?: string | null;
  archived_on?: string | null;
}

export interface DocumentHistoryEntry {
  id: number;
  action: 'upload' | 'download' | 'preview' | 'update' | 'delete';
  actor_sid: string | null;
  actor_name: string | null;
  file_name: string;
  at: string;
}

export interface CategoryEntry {
  category: string;
  label: string;
}

export interface RequiredAnswer {
  stage: DocumentStage;
  required: CategoryEntry[];
  present: CategoryEntry[];
  missing: CategoryEntry[];
}

export interface CaseCallOptions {
  subCompanySid?: string;
}

export const documentKeys = {
  all: (patentSid: string) => ['model', 'patent', 'links', patentSid, 'documents'] as const,
  list: (patentSid: string) => [...documentKeys.all(patentSid), 'list'] as const,
  history: (patentSid: string, documentSid: string) =>
    [...documentKeys.all(patentSid), 'history', documentSid] as const,
  required: (patentSid: string, stage: DocumentStage) => [...documentKeys.all(patentSid), 'required', stage] as const,
};

const base = '/webapi/patent-documents';
const one = (sid: string) => `${base}/${encodeURIComponent(sid)}`;

export function fetchDocuments(
  patentSid: string,
  options: CaseCallOptions = {},
): Promise<RequestResult<DataEnvelope<PatentDocument[]>>> {
  return request({ url: `${base}/list/${encodeURIComponent(patentSid)}`, silent: true, ...options });
}

/** The form carries patent_sid, the metadata fields and the file part "file". */
export function uploadDocument(
  form: FormData,
  options: CaseCallOptions = {},
): Promise<RequestResult<DataEnvelope<PatentDocument>>> {
  return request({ url: `${base}/upload`, method: 'POST', body: form, silent: true, ...options });
}

/** With the version read; a document changed meanwhile refuses the change (409000). */
export function updateDocument(
  sid: string,
  version: number,
  input: DocumentMetadata,
  options: CaseCallOptions = {},
): Promise<RequestResult<DataEnvelope<PatentDocument>>> {
  return request({ url: `${one(sid)}/update`, method: 'POST', body: { version, ...input }, silent: true, ...options });
}

export function deleteDocument(sid: string, options: CaseCallOptions = {}): Promise<RequestResult<SuccessEnvelope>> {
  return request({ url: `${one(sid)}/delete`, method: 'POST', body: {}, silent: true, ...options });
}

export function fetchDocumentHistory(
  sid: string,
  options: CaseCallOptions = {},
): Promise<RequestResult<DataEnvelope<DocumentHistoryEntry[]>>> {
  return request({ url: `${one(sid)}/history`, silent: true, ...options });
}

export function fetchRequiredDocuments(
  patentSid: string,
  stage: DocumentStage,
  options: CaseCallOptions = {},
): Promise<RequestResult<DataEnvelope<RequiredAnswer>>> {
  return request({
    url: `${base}/required/${encodeURIComponent(patentSid)}`,
    query: { stage },
    silent: true,
    ...options,
  });
}

/** The file for inline display; refusals (encrypted, too large, not an image or PDF) come back silent. */
export function fetchPreview(sid: string, options: CaseCallOptions = {}): Promise<RequestResult<DownloadedFile>> {
  return fetchBlob({ url: `${one(sid)}/preview`, silent: true, ...options });
}

/** Saves the file through the browser; failures are shown by the global notices. */
export function downloadDocument(sid: string, options: CaseCallOptions = {}): Promise<RequestResult<DownloadedFile>> {
  return download({ url: `${one(sid)}/download`, ...options });
}
