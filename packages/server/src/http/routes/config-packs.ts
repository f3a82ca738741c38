// {webapi} configuration packs (organisation administrators): save and read packs of roles, dictionary
// options, custom fields and a menu tree, and apply one as a durable job whose progress callers poll. The job runner lives
// with these routes: it starts when the app is ready and stops, finishing the job at hand, on close.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { packContentSchema } from '../../modules/config-packs/content.js';
import {
  JOB_STATUSES,
  getJob,
  getPack,
  listJobs,
  listPacks,
  requestApply,
  savePack,
} from '../../modules/config-packs/packs.js';
import { createPackJobRunner } from '../../modules/config-packs/runner.js';
import { principalOf } from '../context.js';
import { labelled } from '../labels.js';
import { envelopeSchema, ok } from '../reply.js';
import type { ServiceOptions } from '../services.js';
import { sidParam } from './schemas.js';
import { requestContext, type ContextSource } from '../../platform/context.js';

const packSid = sidParam('field.configPack');
const companySid = sidParam('field.companySid');
const packSchema = z.object({
  sid: z.string(),
  name: z.string(),
  content: z.record(z.string(), z.unknown()),
  updated_at: z.date(),
});
const jobSchema = z.object({
  sid: z.string(),
  pack_sid: z.string(),
  pack_name: z.string(),
  company_sid: z.string(),
  status: z.enum(JOB_STATUSES),
  progress: z.number(),
  total: z.number(),
  error: z.string().nullable(),
  created_at: z.date(),
  started_at: z.date().nullable(),
  finished_at: z.date().nullable(),
});

export const configPackRoutes: FastifyPluginAsyncZod<ServiceOptions> = async (app, { accounts, registry, models }) => {
  const tags = ['config_pack'];
  const base = '/config_pack';
  const access = { resource: 'system.org' } as const;
  // Saving and applying a pack rewrites roles, menus and custom fields: that is role management, which
  // only system administrators hold (a role able to apply packs could otherwise grant itself anything).
  const administer = { resource: 'system.roles' } as const;
  const runner = createPackJobRunner({
    db: accounts.db,
    registry,
    models,
    now: accounts.now,
    log: app.log,
  });
  app.addHook('onReady', () => runner.start());
  app.addHook('onClose', () => runner.stop());

  const context = (request: ContextSource) => requestContext(request, accounts.now);

  app.get(
    `${base}/do/list`,
    {
      config: { access },
      schema: {
        summary: "Your tenant's configuration packs with what each holds",
        tags,
        response: {
          200: envelopeSchema({
            data: z.array(
              z.object({
                sid: z.string(),
                name: z.string(),
                summary: z.object({
                  roles: z.number(),
                  dictionaries: z.number(),
                  custom_fields: z.number(),
                  menus: z.number(),
                }),
                updated_at: z.date(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => ok(request, { data: await listPacks(accounts.db, principalOf(request).tenantSid) }),
  );

  app.get(
    `${base}/:sid`,
    {
      config: { access },
      schema: {
        summary: 'One configuration pack with its content',
        tags,
        params: z.object({ sid: packSid }).strict(),
        response: { 200: envelopeSchema({ data: packSchema }) },
      },
    },
    async (request) =>
      ok(request, { data: await getPack(accounts.db, principalOf(request).tenantSid, request.params.sid) }),
  );

  app.post(
    `${base}/do/save`,
    {
      config: { access: administer },
      schema: {
        summary: 'Create a pack (no sid) or replace its name and content; the content is checked first',
        tags,
        body: z
          .object({
            sid: packSid.optional(),
            name: labelled(z.string().trim().min(1).max(100), 'field.configPackName'),
            content: packContentSchema,
          })
          .strict(),
        response: { 200: envelopeSchema({ data: packSchema }) },
      },
    },
    async (request) => {
      const pack = await savePack({ db: accounts.db, registry }, context(request), request.body);
      return ok(request, { data: pack });
    },
  );

  app.post(
    `${base}/do/apply`,
    {
      config: { access: administer },
      schema: {
        summary: 'Apply a pack as a job (answered at once, waiting); poll the job for its progress',
        tags,
        body: z.object({ pack_sid: packSid, company_sid: companySid }).strict(),
        response: { 200: envelopeSchema({ data: jobSchema }) },
      },
    },
    async (request) => {
      const job = await requestApply(accounts.db, context(request), request.body);
      runner.kick();
      return ok(request, { data: job });
    },
  );

  app.get(
    `${base}/do/jobs`,
    {
      config: { access },
      schema: {
        summary: "Your tenant's pack jobs (of one company when given), newest first, at most 100",
        tags,
        querystring: z.object({ company_sid: companySid.optional() }).strict(),
        response: { 200: envelopeSchema({ data: z.array(jobSchema) }) },
      },
    },
    async (request) =>
      ok(request, {
        data: await listJobs(accounts.db, principalOf(request).tenantSid, request.query.company_sid),
      }),
  );

  app.get(
    `${base}/do/job/:sid`,
    {
      config: { access },
      schema: {
        summary: 'One pack job: status, progress and, when failed, why',
        tags,
        params: z.object({ sid: sidParam('field.configPackJob') }).strict(),
        response: { 200: envelopeSchema({ data: jobSchema }) },
      },
    },
    async (request) =>
      ok(request, { data: await getJob(accounts.db, principalOf(request).tenantSid, request.params.sid) }),
  );
};
