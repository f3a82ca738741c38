// {webapi} files in fields (docs/models.md "Files in fields"): upload a design sample or figure for a model's
// file field (staged until a create or update names it in the field), and fetch one from a record's field —
// only while the caller may read the record and the field; anything else answers 404.
import {
  AppError,
  MAX_FIELD_FILE_BYTES,
  MODEL_NAME_PATTERN,
  SID_PATTERN,
  THUMBNAIL_TYPES,
  MAX_FIELD_FILES,
} from '@ipdesk/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../content-disposition.js';
import { receiveFile } from '../../platform/files/receive.js';
import { fileStorageFor } from '../../platform/files/storage-settings.js';
import {
  fieldFileTooLarge,
  openFieldFile,
  sweepStagedFieldFiles,
  uploadFieldFile,
} from '../../platform/models/field-files.js';
import { readRecord } from '../../platform/models/records.js';
import type { ResolvedModel } from '../../platform/models/registry.js';
import { viewFor } from '../../modules/rbac/model-view.js';
import { requestContext } from '../../platform/context.js';
import { principalOf, type Principal } from '../context.js';
import { labelled } from '../labels.js';
import { RateLimiter } from '../rate-limit.js';
import { envelopeSchema, ok } from '../reply.js';
import type { ModelRouteOptions } from './models.js';

const modelParam = labelled(z.string().regex(MODEL_NAME_PATTERN), 'field.model');
const sidParam = labelled(z.string().regex(SID_PATTERN), 'field.userSid');
const fieldParam = labelled(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/), 'field.fileField');
const MB = 1024 * 1024;
/** SECURITY.md abuse limits: uploads per user and minute (a form filling a field of 20 figures stays well inside). */
export const FIELD_UPLOADS_PER_MINUTE = 60;

export const modelFileRoutes: FastifyPluginAsyncZod<ModelRouteOptions> = async (app, { accounts, models }) => {
  const storage = fileStorageFor(accounts.config);
  const deps = { db: accounts.db, storage };
  const uploads = new RateLimiter(FIELD_UPLOADS_PER_MINUTE, 60_000, () => accounts.now().getTime());
  const tags = ['model'];
  const modelFor = async (request: { principal: Principal | undefined }, name: string): Promise<ResolvedModel> => {
    const principal = principalOf(request);
    const model = await models.resolve(principal.tenantSid, name);
    if (!model) throw new AppError('modelNotFound', { params: { model: name.slice(0, 48) } });
    return viewFor(model, principal.access);
  };

  // Uploads never saved with a record are removed at start (their rows and bytes).
  app.addHook('onReady', async () => {
    try {
      const removed = await sweepStagedFieldFiles(deps, accounts.now());
      if (removed) app.log.info({ removed }, 'unsaved field uploads removed');
    } catch (error) {
      app.log.warn({ err: error }, 'unsaved field uploads could not be removed');
    }
  });

  app.post(
    '/model/:model/do/upload/:field',
    {
      // The right depends on the record: update on the one named, create while creating (checked inside).
      config: { access: { model: 'view' } },
      schema: {
        summary: `Upload a file for a file field (design sample, figure): multipart with one part "file" of at most ${MAX_FIELD_FILE_BYTES / MB} MB (PNG, JPEG, GIF, TIFF; a design sample also PDF, by content) and an optional "name"; with sid for a record's update (update right), without while creating (create right). Answers the file_sid to put in the field's list (at most ${MAX_FIELD_FILES}) with the create or update`,
        tags,
        params: z.object({ model: modelParam, field: fieldParam }).strict(),
        querystring: z.object({ sid: sidParam.optional() }).strict(),
        response: {
          200: envelopeSchema({
            data: z.object({ file_sid: z.string(), name: z.string(), media_type: z.string(), size_bytes: z.number() }),
          }),
        },
      },
    },
    async (request) => {
      const ctx = requestContext(request, accounts.now);
      if (!uploads.hit(ctx.userSid)) throw new AppError('rateLimited');
      const model = await modelFor(request, request.params.model);
      const received = await receiveFile(request, accounts.config.dataDir, {
        maxBytes: MAX_FIELD_FILE_BYTES,
        tooLarge: () => fieldFileTooLarge(model, request.params.field, ctx.language),
      });
      const data = await uploadFieldFile(deps, ctx, {
        model,
        field: request.params.field,
        recordSid: request.query.sid,
        received,
        readRecord: (sid) => readRecord({ accounts }, ctx, { model, sid }),
      });
      return ok(request, { data });
    },
  );

  app.get(
    '/model/:model/:sid/files/:field/:fileSid',
    {
      config: { access: { model: 'view' } },
      schema: {
        summary:
          "A file of a record's file field (404 unless you may read the record and the field); inline=1 shows a PNG, JPEG or GIF in the page (thumbnails)",
        tags,
        params: z.object({ model: modelParam, sid: sidParam, field: fieldParam, fileSid: sidParam }).strict(),
        querystring: z.object({ inline: z.enum(['0', '1']).optional() }).strict(),
      },
    },
    async (request, reply) => {
      const model = await modelFor(request, request.params.model);
      const ctx = requestContext(request, accounts.now);
      const file = await openFieldFile(deps, ctx, {
        model,
        recordSid: request.params.sid,
        field: request.params.field,
        fileSid: request.params.fileSid,
        readRecord: (sid) => readRecord({ accounts }, ctx, { model, sid }),
      });
      const inline = request.query.inline === '1' && THUMBNAIL_TYPES.has(file.mediaType);
      return reply
        .type(file.mediaType)
        .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.name))
        .header('content-length', String(file.sizeBytes))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.stream);
    },
  );
};
