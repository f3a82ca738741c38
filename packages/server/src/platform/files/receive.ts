// Reading a multipart upload: its text fields and its one file part ("file"), streamed to a staging file
// under the route's size limit (a file cut at the limit is refused with the route's own error). Shared by
// every upload route, so each has the same limits on parts and the same errors for a broken request.
import { AppError } from '@ipdesk/core';
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { stageStream, type StagedFile } from './staging.js';

export interface ReceivedUpload {
  fields: Record<string, string>;
  staged: StagedFile | undefined;
  /** The name the client gave the file part, if any. */
  fileName?: string;
}

export interface ReceiveLimits {
  maxBytes: number;
  /** The route's error for a file over maxBytes. */
  tooLarge: () => AppError;
}

const TOO_MANY_PARTS = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

function multipartError(error: unknown, limits: ReceiveLimits): unknown {
  const code = (error as { code?: string } | undefined)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return limits.tooLarge();
  if (code && TOO_MANY_PARTS.has(code)) return new AppError('payloadTooLarge', { cause: error });
  if (code === 'FST_MP_PREMATURE_CLOSE' || /terminated early|Unexpected end/i.test(String((error as Error)?.message)))
    return new AppError('uploadIncomplete', { cause: error });
  return error;
}

/** Reads the multipart request: its text fields and the one file part ("file"), staged on disk. */
export async function receiveFile(
  request: FastifyRequest,
  dataDir: string,
  limits: ReceiveLimits,
): Promise<ReceivedUpload> {
  if (!request.isMultipart())
    throw new AppError('unsupportedMediaType', { params: { type: String(request.headers['content-type'] ?? '') } });
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  let staged: StagedFile | undefined;
  let fileName: string | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: limits.maxBytes, files: 1, fields: 20, parts: 21, fieldSize: 8192 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          // Read to its end and dropped, so the request keeps flowing; the missing "file" is reported later.
          part.file.resume();
          continue;
        }
        fileName = part.filename;
        staged = await stageStream(dataDir, part.file);
        if (staged.truncated) throw limits.tooLarge();
      } else if (part.fieldname !== 'file' && typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    await staged?.dispose();
    throw multipartError(error, limits);
  }
  return { fields, staged, fileName };
}
