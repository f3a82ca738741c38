// OpenAPI 3 description generated from the route schemas, browsable at /docs (JSON at /docs/json).
// Besides what each route declares, every operation gets from its route config: an operationId, the
// bearer security unless the route is public, and the error answers it can give (docs/api/README.md).
import fastifySwagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { apiComponents } from './api-components.js';
import type { RouteAccess } from './context.js';
import { errorEnvelopeSchema } from './reply.js';

const BEARER = 'bearer';

/**
 * The operation's name: the words of its path after the service prefix `/webapi` (other prefixes are
 * kept), without `do` segments, a trailing path parameter as `By<Name>`, in camelCase, and `get` in
 * front of a GET. POST /webapi/model/:model/do/search → modelSearch; GET /webapi/model/:model/:sid →
 * getModelBySid. A route may name itself with schema.operationId instead.
 */
export function operationIdOf(method: string, url: string): string {
  const segments = url.split('/').filter(Boolean);
  if (segments[0] === 'webapi') segments.shift();
  const words = method === 'GET' ? ['get'] : [];
  segments.forEach((segment, index) => {
    if (segment === 'do') return;
    if (segment.startsWith(':')) {
      if (index === segments.length - 1) words.push('by', segment.slice(1));
      return;
    }
    words.push(...segment.split(/[-_]/));
  });
  return words.map((word, index) => (index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('');
}

const ERROR_DESCRIPTIONS: Record<string, string> = {
  400: 'Invalid input: fields[] names each failing field',
  401: 'Not signed in, or the session has ended',
  403: 'Not allowed: permission, sub-company, or a pending password change',
  404: 'The model or record named does not exist or is not visible',
  409: 'Refused by the current state: a stale version, a duplicate value, or a state rule',
  default: 'Any other refusal or failure, with its catalogue code',
};

/** The statuses a route can refuse with, read from its declaration; `default` covers the rest. */
function errorStatusesOf(method: string, url: string, access: RouteAccess | undefined, schema: FastifySchema) {
  const signedIn = access !== 'public';
  const writes = method !== 'GET';
  return [
    ...(schema.body || schema.querystring || schema.params ? ['400'] : []),
    ...(signedIn ? ['401', '403'] : []),
    ...(url.includes('/:') || (signedIn && writes) ? ['404'] : []),
    ...(signedIn && writes ? ['409'] : []),
    'default',
  ];
}

const errorAnswer = (status: string) => ({
  description: ERROR_DESCRIPTIONS[status] ?? 'Refused, with its catalogue code',
  content: { 'application/json': { schema: errorEnvelopeSchema } },
});

const zodTransform = createJsonSchemaTransform({ schemaRegistry: apiComponents });
const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: apiComponents });

/** Adds operationId, security and error answers to the route's schema, then converts it from zod. */
const transform: SwaggerTransform = (document) => {
  const { route } = document;
  const schema = (document.schema ?? {}) as FastifySchema & { hide?: boolean; operationId?: string };
  if (schema.hide) return zodTransform(document);
  const method = [route.method].flat()[0] ?? 'GET';
  const access = route.config?.access;
  // The route's own answers win, except that its error envelopes get the descriptions above.
  const declared = Object.entries((schema.response ?? {}) as Record<string, unknown>).map(([status, answer]) => [
    status,
    answer === errorEnvelopeSchema ? errorAnswer(status) : answer,
  ]);
  const errors = errorStatusesOf(method, route.url, access, schema).map((status) => [status, errorAnswer(status)]);
  return zodTransform({
    ...document,
    schema: {
      ...schema,
      operationId: schema.operationId ?? operationIdOf(method, route.url),
      ...(access === 'public' ? {} : { security: [{ [BEARER]: [] }] }),
      response: Object.fromEntries([...errors, ...declared]),
    },
  });
};

/** Writes the named components, then keeps those the document refers to (each is made in an input and
 * an output form, and most are used in one only). */
const transformObject: SwaggerTransformObject = (document) => {
  const openapi = zodTransformObject(document) as { components?: { schemas?: Record<string, unknown> } };
  const schemas = openapi.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      const name = key === '$ref' && typeof child === 'string' ? child.replace('#/components/schemas/', '') : undefined;
      if (name !== undefined && !used.has(name)) {
        used.add(name);
        visit(schemas[name]);
      } else visit(child);
    }
  };
  visit({ ...openapi, components: { ...openapi.components, schemas: {} } });
  return {
    ...openapi,
    components: {
      ...openapi.components,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))),
    },
  } as ReturnType<SwaggerTransformObject>;
};

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
      components: {
        securitySchemes: {
          [BEARER]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The access token answered by POST /passport/login',
          },
        },
      },
      tags: [
        { name: 'system', description: 'Health' },
        { name: 'i18n', description: 'Language packs' },
      ],
    },
    transform,
    transformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });
}
