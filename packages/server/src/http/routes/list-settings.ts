// {webapi} model/user_define_config: a user's table columns per model (up to 20, spec §5) and saved
// views with unique names and consecutive serial numbers.
import { AppError, newSid, TABLE_COLUMNS_MAX, MODEL_NAME_PATTERN, SID_PATTERN } from '@ipdesk/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccountsContext } from '../../modules/accounts/context.js';
import type { ModelRegistry } from '../../platform/models/registry.js';
import { principalOf } from '../context.js';
import { labelled } from '../labels.js';
import { envelopeSchema, ok } from '../reply.js';

const modelField = labelled(z.string().regex(MODEL_NAME_PATTERN), 'field.model');
const columnsField = labelled(z.array(z.string().min(1).max(64)).max(TABLE_COLUMNS_MAX), 'field.fieldList');
const viewSchema = z.object({
  sid: z.string(),
  name: z.string(),
  serial: z.number(),
  iql: z.string(),
  columns: z.array(z.string()).nullable(),
});

export const listSettingsRoutes: FastifyPluginAsyncZod<{ accounts: AccountsContext; registry: ModelRegistry }> = async (
  app,
  { accounts, registry },
) => {
  const tags = ['user_define_config'];
  const base = '/model/user_define_config/do';
  const knownModel = (name: string) => {
    if (!registry.get(name)) throw new AppError('modelNotFound', { params: { model: name } });
  };

  app.get(
    `${base}/search_header`,
    {
      config: { access: 'open' },
      schema: {
        summary: 'Your chosen table columns of a model (null: the defaults)',
        tags,
        querystring: z.object({ model: modelField }).strict(),
        response: { 200: envelopeSchema({ data: z.object({ columns: z.array(z.string()).nullable() }) }) },
      },
    },
    async (request) => {
      const rows = await accounts.db.query<{ config: { columns: string[] } }>(
        "SELECT config FROM user_define_config WHERE user_sid = $1 AND model = $2 AND kind = 'header'",
        [principalOf(request).userSid, request.query.model],
      );
      return ok(request, { data: { columns: rows[0]?.config.columns ?? null } });
    },
  );

  app.post(
    `${base}/save_header`,
    {
      config: { access: 'open' },
      schema: {
        summary: 'Save your table columns of a model (at most 20, in order)',
        tags,
        body: z.object({ model: modelField, columns: columnsField }).strict(),
        response: { 200: envelopeSchema({}) },
      },
    },
    async (request) => {
      const p = principalOf(request);
      knownModel(request.body.model);
      const now = accounts.now();
      await accounts.db.query(
        `INSERT INTO user_define_config (sid, tenant_sid, user_sid, model, kind, config, created_at, updated_at)
         VALUES ($1, $2, $3, $4, 'header', $5, $6, $6)
         ON CONFLICT (user_sid, model) WHERE kind = 'header' DO UPDATE SET config = EXCLUDED.config, updated_at = EXCLUDED.updated_at`,
        [newSid(), p.tenantSid, p.userSid, request.body.model, JSON.stringify({ columns: request.body.columns }), now],
      );
      return ok(request, {});
    },
  );

  app.post(
    `${base}/search`,
    {
      config: { access: 'open' },
      schema: {
        summary: 'Your saved views of a model, by serial number',
        tags,
        body: z.object({ model: modelField }).strict(),
        response: { 200: envelopeSchema({ data: z.array(viewSchema) }) },
      },
    },
    async (request) => {
      const rows = await accounts.db.query<{
        sid: string;
        name: string;
        serial: number;
        config: { iql: string; columns: string[] | null };
      }>(
        "SELECT sid, name, serial, config FROM user_define_config WHERE user_sid = $1 AND model = $2 AND kind = 'view' ORDER BY serial",
        [principalOf(request).userSid, request.body.model],
      );
      return ok(request, {
        data: rows.map((r) => ({
          sid: r.sid,
          name: r.name,
          serial: r.serial,
          iql: r.config.iql,
          columns: r.config.columns ?? null,
        })),
      });
    },
  );

  app.post(
    `${base}/create`,
    {
      config: { access: 'open' },
      schema: {
        summary: 'Save a view (unique name; the next serial number)',
        tags,
        body: z
          .object({
            model: modelField,
            name: labelled(z.string().trim().min(1).max(50), 'field.name'),
            iql: labelled(z.string().max(20_000), 'field.iql'),
            columns: columnsField.optional(),
          })
          .strict(),
        response: { 200: envelopeSchema({ data: viewSchema }) },
      },
    },
    async (request) => {
      const p = principalOf(request);
      const b = request.body;
      knownModel(b.model);
      const now = accounts.now();
      const view = await accounts.db.transaction(async (tx) => {
        // One user's views of a model are numbered 1, 2, 3 …: take the row lock of the user first.
        await tx.query('SELECT 1 FROM user_account WHERE sid = $1 FOR UPDATE', [p.userSid]);
        const taken = await tx.query(
          "SELECT 1 FROM user_define_config WHERE user_sid = $1 AND model = $2 AND kind = 'view' AND lower(name) = lower($3)",
          [p.userSid, b.model, b.name],
        );
        if (taken.length)
          throw new AppError('duplicateValue', {
            params: { label: request.language === 'en' ? 'View' : '视图', value: b.name },
          });
        const [next] = await tx.query<{ serial: number }>(
          "SELECT coalesce(max(serial), 0) + 1 AS serial FROM user_define_config WHERE user_sid = $1 AND model = $2 AND kind = 'view'",
          [p.userSid, b.model],
        );
        const sid = newSid();
        await tx.query(
          "INSERT INTO user_define_config (sid, tenant_sid, user_sid, model, kind, name, serial, config, created_at, updated_at) VALUES ($1, $2, $3, $4, 'view', $5, $6, $7, $8, $8)",
          [
            sid,
            p.tenantSid,
            p.userSid,
            b.model,
            b.name,
            next!.serial,
            JSON.stringify({ iql: b.iql, columns: b.columns ?? null }),
            now,
          ],
        );
        return { sid, name: b.name, serial: next!.serial, iql: b.iql, columns: b.columns ?? null };
      });
      return ok(request, { data: view });
    },
  );

  app.post(
    `${base}/delete/:sid`,
    {
      config: { access: 'open' },
      schema: {
        summary: 'Delete a saved view; the others are renumbered',
        tags,
        params: z.object({ sid: labelled(z.string().regex(SID_PATTERN), 'field.userSid') }).strict(),
        response: { 200: envelopeSchema({}) },
      },
    },
    async (request) => {
      const p = principalOf(request);
      await accounts.db.transaction(async (tx) => {
        await tx.query('SELECT 1 FROM user_account WHERE sid = $1 FOR UPDATE', [p.userSid]);
        const removed = await tx.query<{ model: string }>(
          "DELETE FROM user_define_config WHERE sid = $1 AND user_sid = $2 AND kind = 'view' RETURNING model",
          [request.params.sid, p.userSid],
        );
        if (!removed[0]) throw new AppError('recordNotFound');
        await tx.query(
          `UPDATE user_define_config u SET serial = n.serial
             FROM (SELECT sid, row_number() OVER (ORDER BY serial) AS serial FROM user_define_config WHERE user_sid = $1 AND model = $2 AND kind = 'view') n
            WHERE u.sid = n.sid`,
          [p.userSid, removed[0].model],
        );
      });
      return ok(request, {});
    },
  );
};
