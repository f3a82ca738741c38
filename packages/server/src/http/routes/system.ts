// Health and readiness for load balancers and operators (outside the service prefixes).
import type { Environment } from '@ipdesk/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkHealth, type HealthDeps } from '../../platform/health.js';
import { envelopeSchema, errorEnvelopeSchema, ok } from '../reply.js';

export interface SystemRouteOptions extends HealthDeps {
  environment: Environment;
}

export const systemRoutes: FastifyPluginAsyncZod<SystemRouteOptions> = async (app, { db, environment }) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Liveness and database reachability',
        tags: ['system'],
        querystring: z.object({}).strict(),
        response: {
          200: envelopeSchema({
            data: z.object({
              status: z.literal('ok'),
              environment: z.enum(['ci', 'qa', 'sit', 'prod']),
              database: z.enum(['pglite', 'postgres']),
            }),
          }),
          503: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const { database } = await checkHealth({ db });
      return ok(request, { data: { status: 'ok' as const, environment, database } });
    },
  );
};
