// File downloads (blob answers). A JSON answer from a download endpoint is an error even with status
// 200, and its text is in error_message (spec §8).
import { RESULT_CODES } from '@ipdesk/core';
import { answerFailure, errorBodyOf, fail, parseJson, sendCall, type RequestOptions, type RequestResult } from './call';

export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition, when the server named the file. */
  filename: string | undefined;
}

/** The file name of a Content-Disposition value; RFC 6266 filename* (UTF-8) wins over filename. */
export function filenameFromDisposition(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name : undefined;
}

function isJsonType(contentType: string | null): boolean {
  return contentType !== null && /[/+]json\b/i.test(contentType);
}

export async function fetchBlob(options: RequestOptions): Promise<RequestResult<DownloadedFile>> {
  const { meta, answer } = await sendCall(
    options,
    (response) => response.blob(),
    async (blob) => errorBodyOf(parseJson(await blob.text()))?.code,
  );
  if (answer.kind === 'unanswered') return fail(options, meta, { result: answer.result });

  const { status, headers, body: blob } = answer;
  const ok = status >= 200 && status < 300;
  if (ok && !isJsonType(headers.get('content-type'))) {
    const filename = filenameFromDisposition(headers.get('content-disposition'));
    return { result: RESULT_CODES.success, data: { blob, filename }, status, requestId: meta.requestId };
  }
  const json = parseJson(await blob.text());
  if (!ok) return fail(options, meta, answerFailure(status, json));
  const body = errorBodyOf(json);
  return fail(
    options,
    meta,
    body ? { result: RESULT_CODES.other, status, body } : { result: RESULT_CODES.unknown, status },
  );
}

/** Hands a blob to the browser's download manager. */
export function saveBlob({ blob, filename }: DownloadedFile): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename ?? '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a minute is ample for it to start.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** Fetches a file and saves it; failures have been shown to the user already (see RequestResult). */
export async function download(options: RequestOptions): Promise<RequestResult<DownloadedFile>> {
  const outcome = await fetchBlob(options);
  if (outcome.result === RESULT_CODES.success) saveBlob(outcome.data);
  return outcome;
}
