// Health and readiness for load balancers and operators (outside the service prefixes).
import type { Environment } from '@ipdesk/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { envelopeSchema, errorEnvelopeSchema, ok } from '../reply.js';
import { AppError } from '@ipdesk/core';

export interface SystemRouteOptions {
  db: Database;
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
      try {
        await db.query('SELECT 1');
      } catch (cause) {
        throw new AppError('serviceUnavailable', { cause });
      }
      return ok(request, { data: { status: 'ok' as const, environment, database: db.engine } });
    },
  );
};
