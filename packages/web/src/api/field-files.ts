// {webapi} files in fields (design samples, figures): an upload for a model's file field (staged on the
// server until the form's create or update names it in the field), and a saved file fetched with the
// session's headers (a thumbnail for an <img>, or a download).
import type { DataEnvelope } from './model';
import type { RequestResult } from './call';
import { download, fetchBlob, type DownloadedFile } from './download';
import { request } from './request';

export interface UploadedFieldFile {
  file_sid: string;
  name: string;
  media_type: string;
  size_bytes: number;
}

/** Uploads a file for `field`; with `recordSid` for a record being edited, without while creating. */
export function uploadFieldFile(
  input: { model: string; field: string; recordSid?: string; file: Blob; name: string },
  options: { subCompanySid?: string } = {},
): Promise<RequestResult<DataEnvelope<UploadedFieldFile>>> {
  const form = new FormData();
  form.append('name', input.name);
  form.append('file', input.file, input.name);
  return request({
    url: `/webapi/model/${encodeURIComponent(input.model)}/do/upload/${encodeURIComponent(input.field)}`,
    method: 'POST',
    query: input.recordSid ? { sid: input.recordSid } : {},
    body: form,
    silent: true,
    ...options,
  });
}

/** A saved file's bytes (its `url` or `thumbnail_url` from the answer), silently. */
export function fetchFieldFile(url: string): Promise<RequestResult<DownloadedFile>> {
  return fetchBlob({ url: `/webapi${url}`, silent: true });
}

/** Saves a saved file through the browser; failures are shown by the global notices. */
export function downloadFieldFile(url: string): Promise<RequestResult<DownloadedFile>> {
  return download({ url: `/webapi${url}` });
}
