// {webapi} spreadsheet import and export of any model: template, import jobs with progress and row
// errors, export links that expire (spec §8 "export link invalid: reselect the data").
import { AppError, messages, translate, type MessageKey, MODEL_NAME_PATTERN, SID_PATTERN } from '@ipdesk/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccountsContext } from '../../modules/accounts/context.js';
import type { TenantModels } from '../../modules/custom-fields/service.js';
import type { ModelRegistry } from '../../platform/models/registry.js';
import { checkExportQuery, createExportLink, openExport } from '../../modules/transfer/export.js';
import { enqueueImport, importTemplate, readImportJob } from '../../modules/transfer/import.js';
import { previewImportNames } from '../../modules/transfer/import-names.js';
import { startImportQueue } from '../../modules/transfer/import-queue.js';
import type { Principal } from '../context.js';
import { requestContext } from '../../platform/context.js';
import { viewFor } from '../../modules/rbac/model-view.js';
import { labelled } from '../labels.js';
import { RateLimiter } from '../rate-limit.js';
import { envelopeSchema, ok } from '../reply.js';

const namePreviewSchema = z.object({
  field: z.string(),
  label: z.string(),
  target: z.string(),
  target_label: z.string(),
  can_create: z.boolean(),
  matched: z.array(z.object({ name: z.string(), sid: z.string(), title: z.string() })),
  unmatched: z.array(z.string()),
  ambiguous: z.array(z.string()),
  matched_count: z.number(),
  unmatched_count: z.number(),
});
const modelParam = labelled(z.string().regex(MODEL_NAME_PATTERN), 'field.model');
const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const transferRoutes: FastifyPluginAsyncZod<{
  accounts: AccountsContext;
  registry: ModelRegistry;
  models: TenantModels;
  timeZone: string;
  searchWalkRows: number;
}> = async (app, { accounts, registry, models, timeZone, searchWalkRows }) => {
  const search = { accounts, registry, timeZone, walkRows: searchWalkRows };
  // Uploads wait as durable jobs; this server's queue runs them within the per-server and per-tenant caps.
  const queue = startImportQueue({
    accounts,
    registry,
    models,
    perServer: accounts.config.importConcurrency,
    perTenant: accounts.config.importTenantConcurrency,
    onError: (error) => app.log.error({ err: error }, 'import job failed'),
  });
  app.addHook('onClose', () => queue.stop());
  const tags = ['transfer'];
  // SECURITY.md abuse limits: uploads and exports per user and minute.
  const clock = () => accounts.now().getTime();
  const uploads = new RateLimiter(20, 60_000, clock);
  const exports = new RateLimiter(30, 60_000, clock);
  // The model as the caller sees it: hidden fields are neither imported nor exported.
  const modelFor = async (principal: Principal, name: string) => {
    const model = await models.resolve(principal.tenantSid, name);
    if (!model) throw new AppError('modelNotFound', { params: { model: name } });
    return viewFor(model, principal.access);
  };

  /** The one xlsx of a multipart upload, at most 50 MB. */
  const uploadedFile = async (request: FastifyRequest): Promise<Buffer> => {
    if (!request.isMultipart())
      throw new AppError('unsupportedMediaType', { params: { type: String(request.headers['content-type'] ?? '') } });
    const part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 0 } });
    if (!part) throw new AppError('badRequest');
    return part.toBuffer().catch((cause: unknown) => {
      throw new AppError('fileTooLarge', { params: { max: '50 MB' }, cause });
    });
  };

  app.get(
    '/model/:model/do/import_template',
    {
      config: { access: { model: 'import' } },
      schema: {
        summary: "The model's xlsx import template, in your language",
        tags,
        params: z.object({ model: modelParam }).strict(),
      },
    },
    async (request, reply) => {
      const ctx = requestContext(request, accounts.now);
      const model = await modelFor(ctx.principal, request.params.model);
      const file = await importTemplate(accounts, ctx, { model });
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${model.name}-template.xlsx"`)
        .send(file);
    },
  );

  app.post(
    '/model/:model/do/import',
    {
      config: { access: { model: 'import' } },
      schema: {
        summary:
          'Import an xlsx (multipart field "file"); all_or_nothing imports nothing if any row fails, valid_only imports the good rows',
        tags,
        params: z.object({ model: modelParam }).strict(),
        querystring: z
          .object({
            mode: z.enum(['all_or_nothing', 'valid_only']).default('all_or_nothing'),
            // The user confirmed creating the records the file names that match none (see do/import/preview).
            create_names: z.enum(['true', 'false']).default('false'),
          })
          .strict(),
        response: { 200: envelopeSchema({ data: z.object({ job_sid: z.string() }) }) },
      },
    },
    async (request) => {
      const ctx = requestContext(request, accounts.now);
      if (!uploads.hit(ctx.userSid)) throw new AppError('rateLimited');
      const model = await modelFor(ctx.principal, request.params.model);
      const bytes = await uploadedFile(request);
      const job = await enqueueImport(accounts, ctx, {
        model,
        bytes,
        mode: request.query.mode,
        createNames: request.query.create_names === 'true',
      });
      queue.kick();
      return ok(request, { data: { job_sid: job.sid } });
    },
  );

  app.post(
    '/model/:model/do/import/preview',
    {
      config: { access: { model: 'import' } },
      schema: {
        summary:
          'Before an import (multipart field "file"): the names its reference columns give in free text (applicants), matched to records or not',
        tags,
        params: z.object({ model: modelParam }).strict(),
        response: { 200: envelopeSchema({ data: z.object({ names: z.array(namePreviewSchema) }) }) },
      },
    },
    async (request) => {
      const ctx = requestContext(request, accounts.now);
      if (!uploads.hit(ctx.userSid)) throw new AppError('rateLimited');
      const model = await modelFor(ctx.principal, request.params.model);
      const bytes = await uploadedFile(request);
      return ok(request, { data: await previewImportNames({ db: accounts.db, registry }, ctx, { model, bytes }) });
    },
  );

  app.get(
    '/model/:model/do/import/:job',
    {
      config: { access: { model: 'import' } },
      schema: {
        summary: 'Progress and row errors of one of your import jobs',
        tags,
        params: z.object({ model: modelParam, job: labelled(z.string().regex(SID_PATTERN), 'field.data') }).strict(),
        response: { 200: envelopeSchema({ data: z.record(z.string(), z.unknown()) }) },
      },
    },
    async (request) => {
      const job = await readImportJob(accounts, requestContext(request, accounts.now), { sid: request.params.job });
      const failure =
        job.failure && Object.prototype.hasOwnProperty.call(messages[request.language], job.failure)
          ? translate(request.language, job.failure as MessageKey)
          : job.failure;
      return ok(request, { data: { ...job, failure } });
    },
  );

  app.post(
    '/model/:model/do/export',
    {
      config: { access: { model: 'export' } },
      schema: {
        summary: 'Make a download link (valid 10 minutes) for the records a query finds',
        tags,
        params: z.object({ model: modelParam }).strict(),
        body: z
          .object({
            iql: labelled(z.string().max(20_000), 'field.iql').optional(),
            fl: labelled(z.array(z.string().max(64)).max(200), 'field.fieldList').optional(),
          })
          .strict(),
        response: { 200: envelopeSchema({ data: z.object({ url: z.string(), expires_at: z.date() }) }) },
      },
    },
    async (request) => {
      const ctx = requestContext(request, accounts.now);
      if (!exports.hit(ctx.userSid)) throw new AppError('rateLimited');
      const model = await modelFor(ctx.principal, request.params.model);
      const iql = request.body.iql ?? '';
      // A bad query (an unknown field, an impossible date) is refused now, not when the link is opened.
      await checkExportQuery(search, ctx, { model, iql, fields: request.body.fl });
      const link = await createExportLink(accounts, ctx, { model: model.name, iql, fields: request.body.fl });
      return ok(request, { data: { url: `/webapi/file/export/${link.token}`, expires_at: link.expiresAt } });
    },
  );

  app.get(
    '/file/export/:token',
    {
      // The unguessable, short-lived token is the permission (a browser download cannot send headers);
      // the rows are those its owner may see at download time.
      config: { access: 'public' },
      schema: {
        summary: 'Download an export (xlsx)',
        tags,
        params: z.object({ token: labelled(z.string().regex(/^[0-9a-f]{32}$/), 'field.token') }).strict(),
      },
    },
    async (request, reply) => {
      const download = await openExport(
        { ...search, models },
        { requestId: request.id },
        { token: request.params.token },
      );
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${download.fileName}"`)
        .header('cache-control', 'no-store')
        .send(download.stream);
    },
  );
};
