// The server half of the test-only domain: two routes on its console resource, one answering and one
// refusing with the domain's own error code.
import { AppError } from '@ipdesk/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerDomain } from '../../../src/domains/index.js';
import { envelopeSchema, ok } from '../../../src/http/reply.js';
import type { ServiceOptions } from '../../../src/http/services.js';
import { SAMPLE_CONSOLE, sampleDomain } from './core.js';

const sampleRoutes: FastifyPluginAsyncZod<ServiceOptions> = async (app) => {
  const config = { access: { resource: SAMPLE_CONSOLE } } as const;
  app.get(
    '/sample/gadget/status',
    { config, schema: { response: { 200: envelopeSchema({ data: z.object({ status: z.string() }) }) } } },
    async (request) => ok(request, { data: { status: 'running' } }),
  );
  app.post('/sample/gadget/jam', { config }, async () => {
    throw new AppError(sampleDomain.errors.codes.gadgetJammed, { params: { name: 'G-1' } });
  });
};

export const sampleServer: ServerDomain = {
  core: sampleDomain,
  routes: { '/webapi': [sampleRoutes] },
};
