// {webapi} generic model API (spec §7 "Generic resource pattern", `model/{model}/do/schema`): every
// declared model gets schema, get, create, update, delete, search, count, group counts and history,
// with no per-model code.
import {
  AppError,
  modelResourceCode,
  SEARCH_OFFSET_MAX,
  SID_PATTERN,
  type Language,
  type ModelAction,
  MODEL_NAME_PATTERN,
  labelIn,
  type FieldKind,
  modelSchemaAnswer,
  actionRunAnswer,
  ACTION_NAME_PATTERN,
  ACTION_COMMENT_MAX,
  type ModelSchema,
  type Label,
} from '@ipdesk/core';
import type { Access } from '../../modules/rbac/access.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccountsContext } from '../../modules/accounts/context.js';
import {
  createRecord,
  deletePreview,
  deleteRecord,
  draftWarnings,
  readRecord,
  recordHistory,
  recordWarnings,
  updateRecord,
} from '../../platform/models/records.js';
import type { ModelRegistry, ResolvedModel } from '../../platform/models/registry.js';
import { deleteRecords, MAX_BATCH_DELETE } from '../../platform/models/batch-delete.js';
import type { TenantModels } from '../../modules/custom-fields/service.js';
import { dictionaryOptions } from '../../modules/dictionary/dictionary.js';
import { aggregateRecords, countRecords, searchRecords } from '../../platform/models/search.js';
import { historyTitles, titlesForRows } from '../../platform/models/reference-titles.js';
import { principalOf, type Principal } from '../context.js';
import { requestContext, type RequestContext } from '../../platform/context.js';
import { viewFor } from '../../modules/rbac/model-view.js';
import { labelled } from '../labels.js';
import { envelopeSchema, ok } from '../reply.js';
import { sentAsBuilt } from '../serializer.js';
import { localizeRows, withLocalizeReads } from '../../platform/models/localize.js';
import { lifecycleAnswer, withActions } from '../../platform/models/lifecycle-view.js';
import { MAX_ACTION_RECORDS, runAction } from '../../platform/models/run-action.js';
import { errorEnvelope } from '../reply.js';
import { fileStorageFor } from '../../platform/files/storage-settings.js';
import { fileInfosForRows } from '../../platform/models/field-files.js';

export interface ModelRouteOptions {
  accounts: AccountsContext;
  registry: ModelRegistry;
  models: TenantModels;
  timeZone: string;
  searchWalkRows: number;
}

const modelParam = labelled(z.string().regex(MODEL_NAME_PATTERN), 'field.model');
const sidField = labelled(z.string().regex(SID_PATTERN), 'field.userSid');
const iqlField = labelled(z.string().max(20_000), 'field.iql');
const recordData = labelled(z.record(z.string(), z.unknown()), 'field.data');
const anyRecord = z.record(z.string(), z.unknown());
const warningSchema = z.object({
  code: z.string(),
  field: z.string().optional(),
  message: z.string(),
  links: z.array(z.object({ model: z.string(), sid: z.string(), label: z.string() })).optional(),
});

type Options = Map<string, Array<{ value: string; label: string; disabled: boolean; parent: string | null }>>;

/** Kind of the system reference columns, which have no declaration (their targets are in the registry). */
const SYSTEM_REF_KINDS: Record<string, FieldKind> = { company_sid: 'company', created_by: 'user', updated_by: 'user' };

/** Linked records' titles beside the records (reference-titles.ts): target model → sid → title, or null. */
const titlesSchema = z.record(z.string(), z.record(z.string(), z.string().nullable()));
/** The files in the records' file fields (platform/models/field-files.ts): file sid → what to show and fetch. */
const filesSchema = z
  .record(
    z.string(),
    z.object({
      name: z.string(),
      media_type: z.string(),
      size_bytes: z.number(),
      url: z.string(),
      thumbnail_url: z.string().nullable(),
    }),
  )
  .optional();

function schemaOf(
  model: ResolvedModel,
  language: Language,
  options: Options,
  version: number,
  access: Access,
  warningFields: readonly string[],
  registry: ModelRegistry,
): ModelSchema {
  const lifecycle = model.declaration.lifecycle;
  const statusLabels = new Map(
    (lifecycle ? (options.get(model.fields.get(lifecycle.field)?.declaration?.dictionary ?? '') ?? []) : []).map(
      (option) => [option.value, option.label],
    ),
  );
  const lifecycleOfModel = lifecycleAnswer(model, language, statusLabels, access);
  const pick = (label: Label) => labelIn(label, language);
  const can = (action: ModelAction) => access.resources.has(modelResourceCode(model.name, action));
  return {
    version,
    name: model.name,
    // What the caller may do, so the UI hides what the server would refuse.
    abilities: {
      create: can('create'),
      update: can('update'),
      delete: can('delete'),
      import: can('import'),
      export: can('export'),
    },
    label: pick(model.declaration.label),
    title_field: model.declaration.titleField,
    // The fields the model's non-blocking warnings read: the form checks them (do/warnings) as they change.
    warning_fields: [...warningFields],
    ...(lifecycleOfModel && { lifecycle: lifecycleOfModel }),
    ...(model.declaration.parent &&
      model.fields.has(model.declaration.parent.field) && {
        parent: { model: model.declaration.parent.model, field: model.declaration.parent.field },
      }),
    children: registry.children(model.name).flatMap((child) => {
      const resolved = registry.get(child.model);
      if (!resolved || !access.resources.has(modelResourceCode(child.model, 'view'))) return [];
      if (!viewFor(resolved, access).fields.has(child.field)) return [];
      return [{ model: child.model, field: child.field, label: pick(resolved.declaration.label) }];
    }),
    fields: [...model.fields.values()].map((f) => {
      const d = f.declaration;
      return {
        name: f.name,
        label: pick(f.label),
        labels: f.label,
        kind:
          d?.kind ??
          SYSTEM_REF_KINDS[f.name] ??
          (f.dataType === 'timestamp' ? 'timestamp' : f.dataType === 'integer' ? 'number' : 'text'),
        data_type: f.dataType,
        system: f.system,
        custom: f.custom,
        multiple: f.multiple,
        required: d?.required ?? false,
        read_only: f.readOnly ?? false,
        masked: Boolean(f.masked),
        unique: d?.unique ?? false,
        min_length: d?.minLength ?? null,
        max_length: d?.maxLength ?? null,
        min: d?.min ?? null,
        max: d?.max ?? null,
        scale: d?.scale ?? null,
        dictionary: d?.dictionary ?? null,
        target: f.target ?? null,
        // Only user fields have one: the account instead of the name.
        ...(d?.kind === 'user' && { user_display: d.userDisplay ?? 'name' }),
        options: d?.dictionary ? (options.get(d.dictionary) ?? []) : null,
        flags: d?.flags ?? {
          searchFilter: f.name === 'updated_at' || f.name === 'created_at',
          keyword: false,
          tableColumn: false,
          import: false,
          export: true,
          processVariable: false,
          approval: false,
          batchEdit: false,
        },
      };
    }),
  };
}

export const modelRoutes: FastifyPluginAsyncZod<ModelRouteOptions> = async (
  app,
  { accounts, registry, models, timeZone, searchWalkRows },
) => {
  const recordDeps = { accounts, registry, storage: fileStorageFor(accounts.config) };
  const search = { accounts, registry, timeZone, walkRows: searchWalkRows };
  const tags = ['model'];
  // The model as the caller's tenant sees it: declared fields plus its published custom fields.
  const modelFor = async (request: { principal: Principal | undefined }, name: string): Promise<ResolvedModel> => {
    const principal = principalOf(request);
    const model = await models.resolve(principal.tenantSid, name);
    if (!model) throw new AppError('modelNotFound', { params: { model: name.slice(0, 48) } });
    return viewFor(model, principal.access);
  };
  // Records are answered with the titles of what their references point at.
  const readAnswer = sentAsBuilt(envelopeSchema({ data: anyRecord, titles: titlesSchema, files: filesSchema }));
  /** Answers carry the files of the rows' file fields only when there are some. */
  const filesOf = async (ctx: RequestContext, model: ResolvedModel, rows: ReadonlyArray<Record<string, unknown>>) => {
    const files = await fileInfosForRows(accounts.db, ctx.tenantSid, model, rows);
    return Object.keys(files).length ? { files } : {};
  };
  /** Create and update answers carry the model's non-blocking warnings, when it has any. */
  const warningsOf = async (ctx: RequestContext, model: ResolvedModel, record: Record<string, unknown>) => {
    const warnings = await recordWarnings(recordDeps, ctx, { model, record });
    return warnings.length ? { warnings } : {};
  };

  app.get(
    '/model/:model/do/schema',
    {
      config: { access: { model: 'view' } },
      schema: {
        summary: "A model's fields, kinds, rules, options and flags, in the caller's language",
        tags,
        params: z.object({ model: modelParam }).strict(),
        response: { 200: envelopeSchema({ data: modelSchemaAnswer }) },
      },
    },
    async (request) => {
      const model = await modelFor(request, request.params.model);
      const tenantSid = principalOf(request).tenantSid;
      const options: Options = new Map();
      for (const name of new Set(
        [...model.fields.values()].map((f) => f.declaration?.dictionary).filter((d): d is string => Boolean(d)),
      )) {
        const list = await dictionaryOptions(accounts.db, tenantSid, name);
        options.set(
          name,
          list.map((o) => ({
            value: o.key,
            label: labelIn(o.labels, request.language),
            disabled: o.disabled,
            parent: o.parent_key,
          })),
        );
      }
      return ok(request, {
        data: schemaOf(
          model,
          request.language,
          options,
          await models.version(tenantSid, model.name),
          principalOf(request).access,
          registry.hooks.of(model.name)?.warningFields ?? [],
          registry,
        ),
      });
    },
  );

  app.get(
    '/model/:model/:sid',
    {
      config: { access: { model: 'view' } },
      schema: {
        summary: 'One record',
        tags,
        params: z.object({ model: modelParam, sid: sidField }).strict(),
        querystring: z.object({ flat: z.enum(['0', '1']).optional() }).strict(),
        response: { 200: readAnswer },
      },
    },
    async (request) => {
      const model = await modelFor(request, request.params.model);
      const ctx = requestContext(request, accounts.now);
      const data = await readRecord(recordDeps, ctx, { model, sid: request.params.sid });
      return ok(request, {
        data: (await withActions(recordDeps, ctx, { model, rows: localizeRows(model, [data], request.language) }))[0]!,
        titles: await titlesForRows(accounts.db, registry, ctx.principal, ctx.language, model, [data]),
        ...(await filesOf(ctx, model, [data])),
      });
    },
  );

  app.post(
    '/model/:model/do/create',
    {
      config: { access: { model: 'create' } },
      schema: {
        summary: 'Create a record',
        tags,
        params: z.object({ model: modelParam }).strict(),
        body: z.object({ data: recordData }).strict(),
        response: { 200: readAnswer },
      },
    },
    async (request) => {
      const model = await modelFor(request, request.params.model);
      const ctx = requestContext(request, accounts.now);
      const data = await createRecord(recordDeps, ctx, { model, data: request.body.data });
      return ok(request, {
        // Like every read of a record, with the lifecycle actions its status now allows the caller.
        data: (await withActions(recordDeps, ctx, { model, rows: localizeRows(model, [data], request.language) }))[0]!,
        titles: await titlesForRows(accounts.db, registry, ctx.principal, ctx.language, model, [data]),
        ...(await filesOf(ctx, model, [data])),
        ...(await warningsOf(ctx, model, data)),
      });
    },
  );

  app.post(
    '/model/:model/do/update',
    {
      config: { access: { model: 'update' } },
      schema: {
        summary: 'Update fields of a record; send the version you read (a stale version answers 409000)',
        tags,
        params: z.object({ model: modelParam }).strict(),
        body: z
          .object({ sid: sidField, version: labelled(z.number().int().min(1), 'field.version'), data: recordData })
          .strict(),
        response: { 200: readAnswer },
      },
    },
    async (request) => {
      const model = await modelFor(request, request.params.model);
      const ctx = requestContext(request, accounts.now);
      const data = await updateRecord(recordDeps, ctx, { model, ...request.body });
      return ok(request, {
        // Like every read of a record, with the lifecycle actions its status now allows the caller.
        data: (await withActions(recordDeps, ctx, { model, rows: localizeRows(model, [data], request.language) }))[0]!,
        titles: await titlesForRows(accounts.db, registry, ctx.principal, ctx.language, model, [data]),
        ...(await filesOf(ctx, model, [data])),
        ...(await warningsOf(ctx, model, data)),
      });
    },
  );

  app.post(
    '/model/:model/do/action/:action',
    {
      config: { access: { model: 'view' } },
      schema: {
        summary:
          "Run a lifecycle action on records (sids, or the records an iql query finds), each in its own transaction (the caller must hold the action's button): a result per record, done, started (an approval-bound action whose bound process started) or refused with its code and message",
        tags,
        params: z
          .object({ model: modelParam, action: labelled(z.string().regex(ACTION_NAME_PATTERN), 'field.action') })
          .strict(),
        body: z
          .object({
            sids: labelled(z.array(sidField).min(1).max(MAX_ACTION_RECORDS), 'field.records').optional(),
            // Instead of sids: the records an iql search finds (at most MAX_ACTION_RECORDS, else 413450).
            query: iqlField.optional(),
            versions: labelled(
              z.record(z.string().regex(SID_PATTERN), z.number().int().min(1)),
              'field.version',
            ).optional(),
            comment: labelled(z.string().max(ACTION_COMMENT_MAX), 'field.comment').optional(),
            values: recordData.optional(),
          })
          .strict(),
        response: { 200: envelopeSchema({ data: actionRunAnswer }) },
      },
    },
    async (request) => {
      const model = await modelFor(request, request.params.model);
      const ctx = requestContext(request, accounts.now);
      const outcomes = await runAction({ ...recordDeps, timeZone, walkRows: searchWalkRows }, ctx, {
        model,
        ...request.body,
        action: request.params.action,
      });
      const field = model.declaration.lifecycle!.field;
      const results = outcomes.map((outcome) => {
        switch (outcome.outcome) {
          case 'done':
            return {
              sid: outcome.sid,
              outcome: 'done' as const,
              status: String(outcome.row[field]),
              version: Number(outcome.row.version),
            };
          case 'started':
            return { sid: outcome.sid, outcome: 'started' as const, instance_sid: outcome.instanceSid };
          case 'refused':
            return {
              sid: outcome.sid,
              outcome: 'refused' as const,
              code: outcome.error.code,
              message: errorEnvelope(outcome.error, request.language, request.id, request.server.texts).message,
            };
        }
      });
      const count = (kind: string) => results.filter((result) => result.outcome === kind).length;
      return ok(request, {
        data: { results, done: count('done'), started: count('started'), refused: count('refused') },
      });
    },
  );

  app.post(
    '/model/:model/do/warnings',
    {
      config: { access: { model: 'view' } },
      schema: {
        summary:
          "A form's values checked for non-blocking warnings before saving (a duplicate application number, say), with the values in their stored form; nothing is saved",
        tags,
        params: z.object({ model: modelParam }).strict(),
        body: z.object({ sid: sidField.optional(), data: recordData }).strict(),
        response: {
          200: envelopeSchema({ data: z.object({ normalized: anyRecord, warnings: z.array(warningSchema) }) }),
        },
      },
    },
    async (request) =>
      ok(request, {
        data: await draftWarnings(recordDeps, requestContext(request, accounts.now), {
          model: await modelFor(request, request.params.model),
          ...request.body,
        }),
      }),
  );

  app.post(
    '/model/:model/do/delete/:sid',
    {
      config: { access: { model: 'delete' } },
      schema: {
        summary: 'Delete a record (optionally only at the version you read)',
        tags,
        params: z.object({ model: modelParam, sid: sidField }).strict(),
        body: z
          .object({ version: labelled(z.number().int().min(1), 'field.version').optional() })
          .strict()
          .optional(),
        response: { 200: envelopeSchema({}) },
      },
    },
    async (request) => {
      await deleteRecord(recordDeps, requestContext(request, accounts.now), {
        model: await modelFor(request, request.params.model),
        sid: request.params.sid,
        version: request.body?.version,
      });
      return ok(request, {});
    },
  );

  app.post(
    '/model/:model/do/batch-delete',
    {
      config: { access: { model: 'delete' } },
      schema: {
        summary: `Delete up to ${MAX_BATCH_DELETE} records, all or none (one transaction); send the versions you read`,
        tags,
        params: z.object({ model: modelParam }).strict(),
        body: z
          .object({
            records: labelled(
              z
                .array(
                  z
                    .object({
                      sid: sidField,
                      version: labelled(z.number().int().min(1), 'field.version').optional(),
                    })
                    .strict(),
                )
                .min(1)
                .max(MAX_BATCH_DELETE)
                .refine((list) => new Set(list.map((r) => r.sid)).size === list.length, {
                  error: 'validation.duplicateRecords',
                }),
              'field.records',
            ),
          })
          .strict(),
        response: { 200: envelopeSchema({ data: z.object({ deleted: z.number() }) }) },
      },
    },
    async (request) =>
      ok(request, {
        data: await deleteRecords(recordDeps, requestContext(request, accounts.now), {
          model: await modelFor(request, request.params.model),
          records: request.body.records,
        }),
      }),
  );

  app.get(
    '/model/:model/do/delete-preview/:sid',
    {
      config: { access: { model: 'delete' } },
      schema: {
        summary: 'What deleting a record also deletes, counted per kind (for the confirmation)',
        tags,
        params: z.object({ model: modelParam, sid: sidField }).strict(),
        response: {
          200: envelopeSchema({
            data: z.object({
              dependents: z.array(z.object({ key: z.string(), label: z.string(), count: z.number() })),
            }),
          }),
        },
      },
    },
    async (request) => {
      const dependents = await deletePreview(recordDeps, requestContext(request, accounts.now), {
        model: await modelFor(request, request.params.model),
        sid: request.params.sid,
      });
      const pick = (label: Label) => labelIn(label, request.language);
      return ok(request, {
        data: { dependents: dependents.map((d) => ({ key: d.key, label: pick(d.label), count: d.count })) },
      });
    },
  );

  app.post(
    '/model/:model/do/search',
    {
      config: { access: { model: 'view' } },
      schema: {
        summary: 'Search with iql: offset pages (start/rows or page/size) or keyset pages (cursor)',
        tags,
        params: z.object({ model: modelParam }).strict(),
        body: z
          .object({
            iql: iqlField.optional(),
            fl: labelled(z.array(z.string().max(64)).max(200), 'field.fieldList').optional(),
            start: labelled(z.number().int().min(0).max(SEARCH_OFFSET_MAX), 'field.start').optional(),
            rows: labelled(z.number().int().min(1).max(100), 'field.rows').optional(),
            page: labelled(z.number().int().min(1).max(100_000), 'field.page').optional(),
            size: labelled(z.number().int().min(1).max(100), 'field.rows').optional(),
            cursor: labelled(z.string().max(4096), 'field.cursor').optional(),
            total: z.boolean().optional(),
          })
          .strict(),
        response: {
          200: sentAsBuilt(
            envelopeSchema({
              data: z.object({
                rows: z.array(anyRecord),
                total: z.number().optional(),
                next_cursor: z.string().optional(),
              }),
              titles: titlesSchema,
              files: filesSchema,
            }),
          ),
        },
      },
    },
    async (request) => {
      const b = request.body;
      const rows = b.rows ?? b.size ?? 20;
      const start = b.start ?? (b.page ? (b.page - 1) * rows : 0);
      if (start > SEARCH_OFFSET_MAX) {
        // A page number this deep: the caller walks there by cursor (next_cursor) instead.
        const maximum = Math.floor(SEARCH_OFFSET_MAX / rows) + 1;
        throw new AppError('validation', {
          issues: [
            { field: 'page', labelKey: 'field.page', messageKey: 'validation.tooBig.number', params: { maximum } },
          ],
        });
      }
      const model = await modelFor(request, request.params.model);
      if (b.fl) {
        const unknown = b.fl.filter((name) => !model.fields.has(name));
        if (unknown.length)
          throw new AppError('validation', {
            issues: [
              {
                field: 'fl',
                labelKey: 'field.fieldList',
                messageKey: 'validation.unrecognizedKeys',
                params: { keys: unknown.join(', ') },
              },
            ],
          });
      }
      const ctx = requestContext(request, accounts.now);
      const result = await searchRecords(search, ctx, {
        model,
        iql: b.iql,
        fl: withLocalizeReads(model, b.fl),
        start,
        rows,
        cursor: b.cursor,
        total: b.total ?? true,
      });
      const titles = await titlesForRows(accounts.db, registry, ctx.principal, ctx.language, model, result.rows, b.fl);
      const rowsRead = await withActions(recordDeps, ctx, {
        model,
        rows: localizeRows(model, result.rows, request.language),
      });
      return ok(request, { data: { ...result, rows: rowsRead }, titles, ...(await filesOf(ctx, model, result.rows)) });
    },
  );

  app.post(
    '/model/:model/do/count',
    {
      config: { access: { model: 'view' } },
      schema: {
        summary: 'Count the records an iql query finds, or with estimate the planner estimate for a broad query',
        tags,
        params: z.object({ model: modelParam }).strict(),
        body: z.object({ iql: iqlField.optional(), estimate: z.boolean().optional() }).strict(),
        response: {
          200: envelopeSchema({ data: z.object({ total: z.number(), estimated: z.literal(true).optional() }) }),
        },
      },
    },
    async (request) =>
      ok(request, {
        data: await countRecords(search, requestContext(request, accounts.now), {
          model: await modelFor(request, request.params.model),
          iql: request.body.iql,
          estimate: request.body.estimate,
        }),
      }),
  );

  app.post(
    '/model/:model/do/aggregateSearch',
    {
      config: { access: { model: 'view' } },
      schema: {
        summary: 'Group counts of one field over the records an iql query finds',
        tags,
        params: z.object({ model: modelParam }).strict(),
        body: z
          .object({
            iql: iqlField.optional(),
            group_by: labelled(z.string().max(64), 'field.groupBy'),
            limit: z.number().int().min(1).max(1000).optional(),
          })
          .strict(),
        response: { 200: envelopeSchema({ data: z.array(z.object({ value: z.unknown(), count: z.number() })) }) },
      },
    },
    async (request) =>
      ok(request, {
        data: await aggregateRecords(search, requestContext(request, accounts.now), {
          model: await modelFor(request, request.params.model),
          iql: request.body.iql,
          groupBy: request.body.group_by,
          limit: request.body.limit ?? 100,
        }),
      }),
  );

  app.get(
    '/model/:model/do/history/:sid',
    {
      config: { access: { model: 'view' } },
      schema: {
        summary: "A record's history: who changed which fields when",
        tags,
        params: z.object({ model: modelParam, sid: sidField }).strict(),
        response: {
          200: envelopeSchema({
            data: z.array(
              z.object({
                action: z.string(),
                actor_sid: z.string().nullable(),
                actor_name: z.string().nullable(),
                at: z.date(),
                changes: anyRecord,
                /** The lifecycle action of a status change, and the comment given with it. */
                lifecycle_action: z.string().optional(),
                comment: z.string().optional(),
                /** The approval process whose outcome moved the status. */
                instance_sid: z.string().optional(),
              }),
            ),
            titles: titlesSchema,
          }),
        },
      },
    },
    async (request) => {
      const model = await modelFor(request, request.params.model);
      const ctx = requestContext(request, accounts.now);
      const data = await recordHistory(recordDeps, ctx, { model, sid: request.params.sid });
      return ok(request, {
        data,
        titles: await historyTitles(accounts.db, registry, ctx.principal, ctx.language, model, data),
      });
    },
  );
};
