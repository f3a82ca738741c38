// Placeholder: filled by the organisation and permissions work (issue 5).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceOptions } from '../services.js';

export const configPackRoutes: FastifyPluginAsyncZod<ServiceOptions> = async () => {};
