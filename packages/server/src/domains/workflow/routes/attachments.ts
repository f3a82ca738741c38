// {webapi} files for opinions: upload one (multipart, one part "file" of at most 50 MB, an accepted type by
// content, as patent documents) to get the stored-file sid an action's `attachments` names, and download
// one attached to an instance's history — only when the caller may see the instance (else 404).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { receiveUpload } from '../../documents/upload.js';
import { fileStorageFor } from '../../../platform/files/storage-settings.js';
import { openAttachment, uploadAttachment } from '../records/attachment-files.js';
import { visibleInstance } from '../records/record-access.js';
import { principalOf } from '../../../http/context.js';
import { envelopeSchema, ok } from '../../../http/reply.js';
import type { ServiceOptions } from '../../../http/services.js';
import { requestContext } from '../../../platform/context.js';
import { contentDisposition } from '../../documents/routes/documents.js';
import { sidParam } from '../../../http/routes/schemas.js';

const ACCESS = 'open' as const;
const tags = ['workflow'];

const uploaded = z.object({ file_sid: z.string(), name: z.string(), size: z.number(), content_type: z.string() });
const downloadParams = z
  .object({ sid: sidParam('field.workflowInstance'), fileSid: sidParam('field.workflowAttachmentFile') })
  .strict();

export const workflowAttachmentRoutes: FastifyPluginAsyncZod<ServiceOptions> = async (app, { accounts }) => {
  const deps = { db: accounts.db, storage: fileStorageFor(accounts.config) };

  app.post(
    '/workflow/attachments',
    {
      config: { access: ACCESS },
      schema: {
        summary:
          'Upload a file for an opinion (multipart: one part "file" of at most 50 MB, optional "name"); answers the file_sid to name in attachments',
        tags,
        response: { 200: envelopeSchema({ data: uploaded }) },
      },
    },
    async (request) => {
      const received = await receiveUpload(request, accounts.config.dataDir);
      return ok(request, { data: await uploadAttachment(deps, requestContext(request, accounts.now), received) });
    },
  );

  app.get(
    '/workflow/instances/:sid/attachments/:fileSid',
    {
      config: { access: ACCESS },
      schema: {
        summary: "Download a file attached to one of the instance's opinions (404 unless you may see the instance)",
        tags,
        params: downloadParams,
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      await visibleInstance(app.workflow, principal, request.params.sid);
      const file = await openAttachment(deps, principal, {
        instanceSid: request.params.sid,
        fileSid: request.params.fileSid,
      });
      return reply
        .type(file.mediaType)
        .header('content-disposition', contentDisposition('attachment', file.name))
        .header('content-length', String(file.sizeBytes))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.stream);
    },
  );
};
