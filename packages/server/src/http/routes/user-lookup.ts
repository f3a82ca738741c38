// {webapi} user pickers: search the users the caller may pick (their personnel selection range, spec
// §6) and read the names of users records already hold. Open to every signed-in user; the range, not
// a resource, is what limits the search.
import { SID_PATTERN } from '@ipdesk/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  searchPickableUsers,
  USER_KEYWORD_MAX_LENGTH,
  USER_NAMES_MAX,
  USER_SEARCH_DEFAULT_ROWS,
  USER_SEARCH_MAX_ROWS,
  userNames,
} from '../../domains/people/user-lookup.js';
import { principalOf } from '../context.js';
import { labelled } from '../labels.js';
import { envelopeSchema, ok } from '../reply.js';
import type { ServiceOptions } from '../services.js';

const pickableUserSchema = z.object({
  sid: z.string(),
  account: z.string(),
  name: z.string(),
  english_name: z.string().nullable(),
  department: z.object({ sid: z.string(), name: z.string() }).nullable(),
  companies: z.array(z.object({ sid: z.string(), company_name: z.string() })),
});
const userNameSchema = z.object({ sid: z.string(), name: z.string(), account: z.string() });

export const userLookupRoutes: FastifyPluginAsyncZod<ServiceOptions> = async (app, { accounts }) => {
  const tags = ['user_info'];

  app.post(
    '/model/user_info/do/search_component',
    {
      config: { access: 'open' },
      schema: {
        summary:
          'Active users you may pick (your selection range) whose name, English name or account contains the keyword',
        tags,
        body: z
          .object({
            keyword: labelled(z.string().max(USER_KEYWORD_MAX_LENGTH), 'field.keyword').optional(),
            rows: labelled(z.number().int().min(1).max(USER_SEARCH_MAX_ROWS), 'field.rows').default(
              USER_SEARCH_DEFAULT_ROWS,
            ),
            side: labelled(z.union([z.literal(1), z.literal(2)]), 'field.side').optional(),
          })
          .strict(),
        response: { 200: envelopeSchema({ data: z.array(pickableUserSchema) }) },
      },
    },
    async (request) => {
      const p = principalOf(request);
      const data = await searchPickableUsers(
        accounts.db,
        {
          tenantSid: p.tenantSid,
          userSid: p.userSid,
          pickRange: p.access.admin ? 'all' : p.access.pickRange,
          companySids: p.access.companySids,
          departmentSid: p.access.departmentSid,
        },
        request.body,
        request.language,
      );
      return ok(request, { data });
    },
  );

  app.post(
    '/model/user_info/do/search_names',
    {
      config: { access: 'open' },
      schema: {
        summary: "Names of your tenant's users among the given ids (others are left out)",
        tags,
        body: z
          .object({
            sids: labelled(
              z
                .array(labelled(z.string().regex(SID_PATTERN), 'field.userSid'))
                .min(1)
                .max(USER_NAMES_MAX),
              'field.userSids',
            ),
          })
          .strict(),
        response: { 200: envelopeSchema({ data: z.array(userNameSchema) }) },
      },
    },
    async (request) =>
      ok(request, { data: await userNames(accounts.db, principalOf(request).tenantSid, request.body.sids) }),
  );
};
