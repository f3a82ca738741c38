// {webapi} deadline verification (dual docketing): the tenant's switch for administrators (GET/PUT, audited),
// and the count of unverified deadlines the caller may see (the home page's card). Verifying itself is the
// deadline stores' lifecycle action `verify` (POST model/{store}/do/action/verify).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { labelled } from '../../../http/labels.js';
import { envelopeSchema, ok } from '../../../http/reply.js';
import type { ServiceOptions } from '../../../http/services.js';
import { requestContext } from '../../context.js';
import { readDeadlineVerification, updateDeadlineVerification } from './settings.js';
import { countUnverified, UNVERIFIED_IQL } from './unverified.js';

const tags = ['deadlines'];
const setting = z.object({ required: z.boolean(), version: z.number().int().min(0) });

export const deadlineVerificationRoutes: FastifyPluginAsyncZod<ServiceOptions> = async (
  app,
  { accounts, registry, models, timeZone, searchWalkRows },
) => {
  const stores = registry.deadlineStores().map((s) => s.name);
  if (stores.length === 0) return;
  const admin = { resource: 'system.settings' };

  app.get(
    '/tenant/deadline-verification',
    {
      config: { access: admin },
      schema: {
        summary: 'Whether your tenant asks for deadlines entered by hand to be verified by a second person',
        tags,
        response: { 200: envelopeSchema({ data: setting }) },
      },
    },
    async (request) => {
      const ctx = requestContext(request, accounts.now);
      return ok(request, { data: await readDeadlineVerification(accounts.db, ctx.tenantSid) });
    },
  );

  app.put(
    '/tenant/deadline-verification',
    {
      config: { access: admin },
      schema: {
        summary:
          'Switch deadline verification on (open deadlines entered by hand become unverified) or off (no deadline is ' +
          'flagged); send the version you read (409000 when someone saved since)',
        tags,
        body: z
          .object({
            required: labelled(z.boolean(), 'field.verificationRequired'),
            version: labelled(z.number().int().min(0), 'field.version'),
          })
          .strict(),
        response: { 200: envelopeSchema({ data: setting }) },
      },
    },
    async (request) => {
      const ctx = requestContext(request, accounts.now);
      return ok(request, { data: await updateDeadlineVerification({ accounts, registry }, ctx, request.body) });
    },
  );

  app.get(
    '/deadlines/unverified/count',
    {
      config: { access: 'open' },
      schema: {
        summary: `How many open deadlines you may see are unverified, per store (iql: ${UNVERIFIED_IQL}); required false and 0 while the tenant does not ask for verification or you may see no deadline store`,
        tags,
        response: {
          200: envelopeSchema({
            data: z.object({
              required: z.boolean(),
              total: z.number(),
              iql: z.string(),
              stores: z.array(z.object({ model: z.string(), total: z.number() })),
            }),
          }),
        },
      },
    },
    async (request) => {
      const ctx = requestContext(request, accounts.now);
      const deps = { accounts, registry, models, timeZone, walkRows: searchWalkRows };
      return ok(request, { data: { ...(await countUnverified(deps, ctx)), iql: UNVERIFIED_IQL } });
    },
  );
};
