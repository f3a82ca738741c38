// OpenAPI 3 description generated from the route schemas, browsable at /docs (JSON at /docs/json).
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export async function registerDocs(app: FastifyInstance, version: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'IPDesk API',
        version,
        description:
          'Every answer is an envelope { code, message, request_id, … }; code 0 is success, others come from the error catalogue. ' +
          'Messages follow the x-language header (zh-CN or en), then Accept-Language.',
      },
      tags: [
        { name: 'system', description: 'Health' },
        { name: 'i18n', description: 'Language packs' },
      ],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });
}
