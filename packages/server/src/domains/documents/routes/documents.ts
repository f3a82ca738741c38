// {webapi} patent documents (spec §3 "Documents", §5 uploads, §8 upload and preview messages): upload with
// metadata, list per case or item, download and preview (recorded in the history), history, metadata
// changes, deletion, and the required categories of a stage. Viewing needs the patent resource, changes
// patent:update; every call reads the case through the caller's data scope first.
import { DOCUMENT_STAGES, SID_PATTERN, fileExtension, DOCUMENT_FILE_TYPES } from '@ipdesk/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteDocument, historyOf, openDownload, openPreview, updateDocument } from '../actions.js';
import { documentsDeps, readCase } from '../context.js';
import { listDocuments } from '../documents.js';
import { metadataUpdateBody } from '../metadata.js';
import { requiredDocuments } from '../required.js';
import { receiveUpload, uploadDocument } from '../upload.js';
import { drainFileRemovals } from '../../../platform/files/removals.js';
import { fileStorageFor } from '../../../platform/files/storage-settings.js';
import { contentDisposition } from '../../../http/content-disposition.js';
import { labelled } from '../../../http/labels.js';
import { envelopeSchema, ok } from '../../../http/reply.js';
import type { ServiceOptions } from '../../../http/services.js';
import { requestContext, type ContextSource } from '../../../platform/context.js';

const sid = (label: Parameters<typeof labelled>[1]) => labelled(z.string().regex(SID_PATTERN), label);
const documentParams = z.object({ sid: sid('field.documentSid') }).strict();
const patentParams = z.object({ patentSid: sid('field.documentPatent') }).strict();

const documentSchema = z.object({
  sid: z.string(),
  patent_sid: z.string(),
  item_sid: z.string().nullable(),
  file_name: z.string(),
  category: z.string().nullable(),
  sent_received_on: z.string().nullable(),
  major_version: z.number(),
  version_remark: z.string().nullable(),
  archived_on: z.string().nullable(),
  /** For optimistic concurrency: send it back with a metadata change. */
  version: z.number(),
  checksum: z.string(),
  uploaded_by: z.string().nullable(),
  uploaded_by_name: z.string().nullable(),
  uploaded_at: z.date(),
  media_type: z.string(),
  size_bytes: z.number(),
  previewable: z.boolean(),
});
const categoryEntry = z.object({ category: z.string(), label: z.string() });

/** The name a saved file gets: the display name, with the extension of its real type when it lacks one. */
function downloadName(fileName: string, mediaType: string): string {
  const extensions: readonly string[] = DOCUMENT_FILE_TYPES.find((t) => t.mediaType === mediaType)?.extensions ?? [];
  return extensions.length && !extensions.includes(fileExtension(fileName)) ? `${fileName}.${extensions[0]}` : fileName;
}

export { contentDisposition };

export const patentDocumentRoutes: FastifyPluginAsyncZod<ServiceOptions> = async (app, { accounts, models }) => {
  const storage = fileStorageFor(accounts.config);
  const deps = documentsDeps(accounts, models, storage);
  const tags = ['patent_document'];
  const context = (request: ContextSource) => requestContext(request, accounts.now);
  const view = { access: { resource: 'patent' } };
  const change = { access: { resource: 'patent:update' } };

  // Removals a crash interrupted (files of rolled-back uploads or deleted cases) are finished at start.
  app.addHook('onReady', async () => {
    try {
      const outcome = await drainFileRemovals(accounts.db, storage, { now: accounts.now() });
      if (outcome.removed.length || outcome.failed.length) app.log.info(outcome, 'pending file removals drained');
    } catch (error) {
      app.log.warn({ err: error }, 'pending file removals could not be drained');
    }
  });

  app.post(
    '/patent-documents/upload',
    {
      config: change,
      schema: {
        summary:
          'Upload a document of a case or item (multipart: patent_sid, item_sid, file_name, category, sent_received_on, major_version, version_remark, archived_on, and one part "file" of at most 50 MB)',
        tags,
        response: { 200: envelopeSchema({ data: documentSchema }) },
      },
    },
    async (request) => {
      const received = await receiveUpload(request, accounts.config.dataDir);
      return ok(request, { data: await uploadDocument(deps, context(request), received) });
    },
  );

  app.get(
    '/patent-documents/list/:patentSid',
    {
      config: view,
      schema: {
        summary: "A case's documents, newest first (an item's only with item_sid)",
        tags,
        params: patentParams,
        querystring: z.object({ item_sid: sid('field.documentItem').optional() }).strict(),
        response: {
          200: envelopeSchema({ data: z.array(documentSchema.extend({ category_label: z.string() })) }),
        },
      },
    },
    async (request) => {
      const ctx = context(request);
      await readCase(deps, ctx, request.params.patentSid);
      const data = await listDocuments(
        accounts.db,
        ctx.tenantSid,
        request.params.patentSid,
        request.query.item_sid,
        request.language,
      );
      return ok(request, { data });
    },
  );

  app.get(
    '/patent-documents/:sid/download',
    {
      config: view,
      schema: { summary: 'Download a document (recorded in its history)', tags, params: documentParams },
    },
    async (request, reply) => {
      const { row, stream } = await openDownload(deps, context(request), request.params.sid);
      return reply
        .type(row.media_type)
        .header('content-disposition', contentDisposition('attachment', downloadName(row.file_name, row.media_type)))
        .header('content-length', String(row.size_bytes))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(stream);
    },
  );

  app.get(
    '/patent-documents/:sid/preview',
    {
      config: view,
      schema: {
        summary:
          'Show an image or PDF inline (up to 20 MB; encrypted PDFs, larger and other files answer 415303/413303/415304: download instead)',
        tags,
        params: documentParams,
      },
    },
    async (request, reply) => {
      const { row, bytes } = await openPreview(deps, context(request), request.params.sid);
      return reply
        .type(row.media_type)
        .header('content-disposition', contentDisposition('inline', downloadName(row.file_name, row.media_type)))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        .send(bytes);
    },
  );

  app.get(
    '/patent-documents/:sid/history',
    {
      config: view,
      schema: {
        summary: "A document's upload, download, preview, change and delete events, with who and when",
        tags,
        params: documentParams,
        response: {
          200: envelopeSchema({
            data: z.array(
              z.object({
                id: z.number(),
                action: z.string(),
                actor_sid: z.string().nullable(),
                actor_name: z.string().nullable(),
                file_name: z.string(),
                at: z.date(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => ok(request, { data: await historyOf(deps, context(request), request.params.sid) }),
  );

  app.post(
    '/patent-documents/:sid/update',
    {
      config: change,
      schema: {
        summary:
          "Change a document's metadata (file name, category, item, dates, version, remark); send the `version` you read (a stale one answers 409000)",
        tags,
        params: documentParams,
        body: metadataUpdateBody,
        response: { 200: envelopeSchema({ data: documentSchema }) },
      },
    },
    async (request) =>
      ok(request, {
        data: await updateDocument(deps, context(request), { documentSid: request.params.sid, ...request.body }),
      }),
  );

  app.post(
    '/patent-documents/:sid/delete',
    {
      config: change,
      schema: {
        summary: 'Delete a document for good (its file is removed once the deletion committed)',
        tags,
        params: documentParams,
        body: z.object({}).strict().optional(),
        response: { 200: envelopeSchema({}) },
      },
    },
    async (request) => {
      await deleteDocument(deps, context(request), request.params.sid);
      return ok(request, {});
    },
  );

  app.get(
    '/patent-documents/required/:patentSid',
    {
      config: view,
      schema: {
        summary: 'The document categories the case needs at a stage, those it has, and those missing (by name)',
        tags,
        params: patentParams,
        querystring: z.object({ stage: labelled(z.enum(DOCUMENT_STAGES), 'field.documentStage') }).strict(),
        response: {
          200: envelopeSchema({
            data: z.object({
              stage: z.string(),
              required: z.array(categoryEntry),
              present: z.array(categoryEntry),
              missing: z.array(categoryEntry),
            }),
          }),
        },
      },
    },
    async (request) => {
      const ctx = context(request);
      await readCase(deps, ctx, request.params.patentSid);
      const data = await requiredDocuments(
        accounts.db,
        ctx.tenantSid,
        request.params.patentSid,
        request.query.stage,
        request.language,
      );
      return ok(request, { data });
    },
  );
};
