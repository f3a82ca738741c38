// {webapi} batch edit (docs/models.md "Batch edit"): preview and start a batch on a model's records (the
// selection or an iql search), follow its progress, the history of batches with each record's values
// before and after, and the undo of a batch. The jobs run in this server's batch queue.
import {
  BATCH_EDIT_MAX_RECORDS,
  BATCH_EDIT_RESOURCE,
  BATCH_ITEM_OUTCOMES,
  MODEL_NAME_PATTERN,
  SID_PATTERN,
  AppError,
  type Language,
} from '@ipdesk/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccountsContext } from '../../modules/accounts/context.js';
import type { TenantModels } from '../../modules/custom-fields/service.js';
import { viewFor } from '../../modules/rbac/model-view.js';
import { batchItems, listBatches, readBatch, type BatchSummary } from '../../platform/batch-edit/history.js';
import { startBatchEdit, undoBatchEdit } from '../../platform/batch-edit/jobs.js';
import { previewBatchEdit } from '../../platform/batch-edit/preview.js';
import { startBatchQueue } from '../../platform/batch-edit/queue.js';
import { requestContext } from '../../platform/context.js';
import { historyTitles } from '../../platform/models/reference-titles.js';
import type { ModelRegistry } from '../../platform/models/registry.js';
import { principalOf } from '../context.js';
import { labelled } from '../labels.js';
import { envelopeSchema, errorEnvelope, ok } from '../reply.js';

const modelParam = labelled(z.string().regex(MODEL_NAME_PATTERN), 'field.model');
const batchParam = labelled(z.string().regex(SID_PATTERN), 'field.data');
const anyRecord = z.record(z.string(), z.unknown());
const selectionBody = z
  .object({
    // No length cap here: past BATCH_EDIT_MAX_RECORDS the command refuses with its own code (413450).
    sids: labelled(z.array(z.string().regex(SID_PATTERN)).min(1), 'field.records').optional(),
    query: labelled(z.string().max(20_000), 'field.iql').optional(),
    values: labelled(z.record(z.string(), z.unknown()), 'field.data'),
  })
  .strict();

export const batchEditRoutes: FastifyPluginAsyncZod<{
  accounts: AccountsContext;
  registry: ModelRegistry;
  models: TenantModels;
  timeZone: string;
  searchWalkRows: number;
}> = async (app, { accounts, registry, models, timeZone, searchWalkRows }) => {
  const search = { accounts, registry, timeZone, walkRows: searchWalkRows };
  const queue = startBatchQueue({
    accounts,
    registry,
    models,
    onError: (error) => app.log.error({ err: error }, 'batch job failed'),
  });
  app.addHook('onClose', () => queue.stop());
  const tags = ['batch-edit'];
  const modelFor = async (request: Parameters<typeof principalOf>[0], name: string) => {
    const principal = principalOf(request);
    const model = await models.resolve(principal.tenantSid, name);
    if (!model) throw new AppError('modelNotFound', { params: { model: name.slice(0, 48) } });
    return viewFor(model, principal.access);
  };
  const modelNames = registry.all().map((m) => m.name);
  const told = (error: AppError | null, language: Language, requestId: string) =>
    error ? { code: error.code, message: errorEnvelope(error, language, requestId, app.texts).message } : null;
  const summary = (batch: BatchSummary, language: Language, requestId: string) => ({
    ...batch,
    failure: told(batch.failure, language, requestId),
  });

  app.post(
    '/model/:model/do/batch-edit/preview',
    {
      config: { access: { model: 'update' } },
      schema: {
        summary: `How many of the selected records (sids, or every record an iql query finds, at most ${BATCH_EDIT_MAX_RECORDS}) a batch edit will change; nothing is written`,
        tags,
        params: z.object({ model: modelParam }).strict(),
        body: selectionBody,
        response: {
          200: envelopeSchema({
            data: z.object({ selected: z.number(), in_scope: z.number(), will_change: z.number() }),
          }),
        },
      },
    },
    async (request) => {
      const model = await modelFor(request, request.params.model);
      const { values, ...selection } = request.body;
      const data = await previewBatchEdit(search, requestContext(request, accounts.now), { model, selection, values });
      return ok(request, { data });
    },
  );

  app.post(
    '/model/:model/do/batch-edit',
    {
      config: { access: { model: 'update' } },
      schema: {
        summary:
          'Start a batch edit of batch-editable fields on the selected records (sids or an iql query): a durable job, each record updated on its own as a single update would be',
        tags,
        params: z.object({ model: modelParam }).strict(),
        body: selectionBody,
        response: { 200: envelopeSchema({ data: z.object({ batch_sid: z.string() }) }) },
      },
    },
    async (request) => {
      const model = await modelFor(request, request.params.model);
      const { values, ...selection } = request.body;
      const sid = await startBatchEdit(search, requestContext(request, accounts.now), { model, selection, values });
      queue.kick();
      return ok(request, { data: { batch_sid: sid } });
    },
  );

  app.get(
    '/batch-edit/history',
    {
      config: { access: { resource: BATCH_EDIT_RESOURCE } },
      schema: {
        summary: 'Batch edits of the models you may view, newest first: who, when, model, fields, status and counts',
        tags,
        querystring: z
          .object({
            model: modelParam.optional(),
            start: z.coerce.number().int().min(0).max(100_000).default(0),
            rows: z.coerce.number().int().min(1).max(100).default(20),
          })
          .strict(),
        response: { 200: envelopeSchema({ data: z.object({ rows: z.array(anyRecord), total: z.number() }) }) },
      },
    },
    async (request) => {
      const result = await listBatches(
        { db: accounts.db, modelNames },
        requestContext(request, accounts.now),
        request.query,
      );
      return ok(request, {
        data: { ...result, rows: result.rows.map((b) => summary(b, request.language, request.id)) },
      });
    },
  );

  app.get(
    '/batch-edit/:batch',
    {
      config: { access: { resource: BATCH_EDIT_RESOURCE } },
      schema: {
        summary: "One batch's status and progress (counts by outcome)",
        tags,
        params: z.object({ batch: batchParam }).strict(),
        response: { 200: envelopeSchema({ data: anyRecord }) },
      },
    },
    async (request) => {
      const batch = await readBatch({ db: accounts.db }, requestContext(request, accounts.now), {
        sid: request.params.batch,
      });
      return ok(request, { data: summary(batch, request.language, request.id) });
    },
  );

  app.get(
    '/batch-edit/:batch/items',
    {
      config: { access: { resource: BATCH_EDIT_RESOURCE } },
      schema: {
        summary:
          "One batch's records in your data scope: outcome, the fields' values before and after (those you may see), and each refusal's code and message",
        tags,
        params: z.object({ batch: batchParam }).strict(),
        querystring: z
          .object({
            outcome: z.enum(BATCH_ITEM_OUTCOMES).optional(),
            start: z.coerce.number().int().min(0).max(100_000).default(0),
            rows: z.coerce.number().int().min(1).max(100).default(20),
          })
          .strict(),
        response: {
          200: envelopeSchema({
            data: z.object({ rows: z.array(anyRecord), total: z.number() }),
            titles: z.record(z.string(), z.record(z.string(), z.string().nullable())),
          }),
        },
      },
    },
    async (request) => {
      const ctx = requestContext(request, accounts.now);
      const result = await batchItems({ db: accounts.db, models }, ctx, {
        sid: request.params.batch,
        ...request.query,
      });
      const titles = await historyTitles(accounts.db, registry, ctx.principal, ctx.language, result.model, result.rows);
      const rows = result.rows.map((item) => ({ ...item, error: told(item.error, request.language, request.id) }));
      return ok(request, { data: { rows, total: result.total }, titles });
    },
  );

  app.post(
    '/batch-edit/:batch/undo',
    {
      config: { access: { resource: BATCH_EDIT_RESOURCE } },
      schema: {
        summary:
          'Undo a finished batch edit: a new job restores the values on the records not written since; the others are skipped and listed',
        tags,
        params: z.object({ batch: batchParam }).strict(),
        response: { 200: envelopeSchema({ data: z.object({ batch_sid: z.string() }) }) },
      },
    },
    async (request) => {
      const sid = await undoBatchEdit({ ...search, models }, requestContext(request, accounts.now), {
        sid: request.params.batch,
      });
      queue.kick();
      return ok(request, { data: { batch_sid: sid } });
    },
  );
};
