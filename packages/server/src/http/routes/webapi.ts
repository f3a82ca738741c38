// {webapi}: the data API. The language pack lives here (spec §7 "Language pack").
import { LANGUAGES } from '@ipdesk/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languagePack } from '../../modules/i18n/language-pack.js';
import { labelled } from '../labels.js';
import { envelopeSchema, errorEnvelopeSchema } from '../reply.js';
import { ok } from '../reply.js';

export const webapiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/front/search',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Language pack: flat key→text map for one language',
        tags: ['i18n'],
        querystring: z.object({ language: labelled(z.enum(LANGUAGES), 'field.language') }).strict(),
        response: {
          200: envelopeSchema({ record: z.record(z.string(), z.string()), version: z.string() }),
          400: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const pack = languagePack(request.query.language);
      return ok(request, { record: pack.record, version: pack.version });
    },
  );
};
