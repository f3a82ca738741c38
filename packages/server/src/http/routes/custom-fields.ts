// {webapi} custom field management (tenant administrators): list, create and edit drafts, publish a
// model's drafts; and the tenant's dictionaries (options added, relabelled or disabled, never deleted).
import { AppError, DICTIONARY_KEY_PATTERN, MODEL_NAME_PATTERN, SID_PATTERN, labelIn } from '@ipdesk/core';
import type {} from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccountsContext } from '../../modules/accounts/context.js';
import { CUSTOM_CODE_PATTERN, definitionSchema } from '../../modules/custom-fields/definition.js';
import { publishModelFields } from '../../modules/custom-fields/publish-custom-fields.js';
import {
  createCustomField,
  listCustomFields,
  updateCustomField,
  type TenantModels,
} from '../../modules/custom-fields/service.js';
import { importCascade } from '../../modules/dictionary/cascade-import.js';
import { dictionaryOptions, saveOptions } from '../../modules/dictionary/dictionary.js';
import { requestContext, type ContextSource } from '../../platform/context.js';
import { principalOf } from '../context.js';
import { labelled } from '../labels.js';
import { envelopeSchema, ok } from '../reply.js';

const modelField = labelled(z.string().regex(MODEL_NAME_PATTERN), 'field.model');
const dictionaryName = labelled(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/), 'field.dictionary');
const anyRecord = z.record(z.string(), z.unknown());
const customFieldSchema = z.object({
  sid: z.string(),
  model: z.string(),
  code: z.string(),
  published: anyRecord.nullable(),
  draft: anyRecord.nullable(),
  published_at: z.date().nullable(),
});

export const customFieldRoutes: FastifyPluginAsyncZod<{ accounts: AccountsContext; models: TenantModels }> = async (
  app,
  { accounts, models },
) => {
  const tags = ['custom_field'];
  const base = '/model/custom_field/do';
  const fields = { db: accounts.db, models };
  const context = (request: ContextSource) => requestContext(request, accounts.now);

  app.post(
    `${base}/search`,
    {
      config: { access: { resource: 'system.custom_fields' } },
      schema: {
        summary: "Your tenant's custom fields (published definition and pending draft)",
        tags,
        body: z.object({ model: modelField.optional() }).strict(),
        response: { 200: envelopeSchema({ data: z.array(anyRecord) }) },
      },
    },
    async (request) => {
      const rows = await listCustomFields(accounts.db, principalOf(request).tenantSid, request.body.model);
      return ok(request, {
        data: rows.map((r) => ({
          ...r,
          status: r.published ? 'published' : 'unpublished',
          has_draft: r.draft !== null,
        })),
      });
    },
  );

  app.post(
    `${base}/create`,
    {
      config: { access: { resource: 'system.custom_fields' } },
      schema: {
        summary: 'Add a custom field as a draft (published with the model)',
        tags,
        body: z
          .object({
            model: modelField,
            code: labelled(z.string().regex(CUSTOM_CODE_PATTERN), 'field.customField'),
            definition: definitionSchema,
          })
          .strict(),
        response: { 200: envelopeSchema({ data: customFieldSchema }) },
      },
    },
    async (request) => {
      const row = await createCustomField(fields, context(request), request.body);
      return ok(request, { data: row });
    },
  );

  app.post(
    `${base}/update`,
    {
      config: { access: { resource: 'system.custom_fields' } },
      schema: {
        summary: "Change a custom field's draft (its identifier stays)",
        tags,
        body: z
          .object({
            sid: labelled(z.string().regex(SID_PATTERN), 'field.customField'),
            definition: definitionSchema,
          })
          .strict(),
        response: { 200: envelopeSchema({ data: customFieldSchema }) },
      },
    },
    async (request) => ok(request, { data: await updateCustomField(fields, context(request), request.body) }),
  );

  app.post(
    `${base}/publish`,
    {
      config: { access: { resource: 'system.custom_fields' } },
      schema: {
        summary: "Publish a model's drafts; users see them after signing in again",
        tags,
        body: z.object({ model: modelField }).strict(),
        response: { 200: envelopeSchema({ data: z.object({ version: z.number() }) }) },
      },
    },
    async (request) =>
      ok(request, {
        data: await publishModelFields({ accounts, models }, context(request), request.body),
      }),
  );

  app.get(
    '/dictionary/:name',
    {
      config: { access: 'open' },
      schema: {
        summary: "A dictionary's options (built-in and your tenant's), disabled ones flagged",
        tags: ['dictionary'],
        params: z.object({ name: dictionaryName }).strict(),
        response: { 200: envelopeSchema({ data: z.array(anyRecord) }) },
      },
    },
    async (request) => {
      const options = await dictionaryOptions(accounts.db, principalOf(request).tenantSid, request.params.name);
      return ok(request, {
        data: options.map((o) => ({ ...o, label: labelIn(o.labels, request.language) })),
      });
    },
  );

  app.post(
    '/dictionary/do/save',
    {
      config: { access: { resource: 'system.dictionary' } },
      schema: {
        summary: 'Add, relabel or disable options; saved options are never deleted',
        tags: ['dictionary'],
        body: z
          .object({
            dictionary: dictionaryName,
            options: z
              .array(
                z
                  .object({
                    key: labelled(
                      z.string().regex(DICTIONARY_KEY_PATTERN, 'validation.dictionaryKey'),
                      'field.dictionaryKey',
                    ),
                    label_zh: z.string().trim().min(1).max(255),
                    label_en: z.string().trim().min(1).max(255),
                    parent_key: z.string().regex(DICTIONARY_KEY_PATTERN).nullable().optional(),
                    disabled: z.boolean().optional(),
                    sort_by: z.number().int().min(0).max(1_000_000).optional(),
                  })
                  .strict(),
              )
              .min(1)
              .max(1000),
          })
          .strict(),
        response: { 200: envelopeSchema({}) },
      },
    },
    async (request) => {
      await saveOptions(accounts.db, context(request), request.body);
      return ok(request, {});
    },
  );

  app.post(
    '/dictionary/do/import',
    {
      config: { access: { resource: 'system.dictionary' } },
      schema: {
        summary:
          'Import cascader options from xlsx (columns: key, Chinese label, English label, parent key); all rows or none',
        tags: ['dictionary'],
        querystring: z.object({ dictionary: dictionaryName }).strict(),
        response: {
          200: envelopeSchema({
            data: z.object({ saved: z.number(), errors: z.array(z.object({ row: z.number(), message: z.string() })) }),
          }),
        },
      },
    },
    async (request) => {
      const ctx = context(request);
      if (!request.isMultipart())
        throw new AppError('unsupportedMediaType', { params: { type: String(request.headers['content-type'] ?? '') } });
      const part = await request.file({ limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 0 } });
      if (!part) throw new AppError('badRequest');
      const bytes = await part.toBuffer().catch((cause: unknown) => {
        throw new AppError('fileTooLarge', { params: { max: '10 MB' }, cause });
      });
      const result = await importCascade(accounts.db, ctx, { dictionary: request.query.dictionary, bytes });
      return ok(request, { data: result });
    },
  );
};
