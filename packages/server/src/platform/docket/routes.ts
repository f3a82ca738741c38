// {webapi} the deadlines of every store (patent_task and each docketed model's store): the calendar's and
// list's entries, the iCalendar feed, and one deadline with its explanation. Callable with the view right
// on any store; each store is then read only if the caller may view it (deadlines.ts).
import { MODEL_NAME_PATTERN, SID_PATTERN } from '@ipdesk/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { labelled } from '../../http/labels.js';
import { envelopeSchema, ok } from '../../http/reply.js';
import type { ServiceOptions } from '../../http/services.js';
import { requestContext } from '../context.js';
import { spanDeadlines } from './deadlines.js';
import { explainStoredDeadline } from './explain-deadline.js';
import { deadlinesIcal } from './ical.js';

/** More than a calendar month or a year's list can usefully show; the answer says when it is reached. */
export const DEADLINES_MAX = 2000;
const DEFAULT_IQL = "status = 'open' ORDER BY due_date ASC";
/** Up to 50 model names, comma-separated (MODEL_NAME_PATTERN without its anchors, repeated). */
const MODEL_NAME = MODEL_NAME_PATTERN.source.slice(1, -1);
const STORES_PATTERN = new RegExp(`^${MODEL_NAME}(,${MODEL_NAME}){0,49}$`);
const tags = ['deadlines'];
const anyRecord = z.record(z.string(), z.unknown());
const iqlField = labelled(z.string().max(20_000), 'field.iql').optional();
const iqlQuery = z.object({ iql: iqlField }).strict();
/** The list may keep to some stores (the list page's record kind filter): names, comma-separated. */
const listQuery = z
  .object({
    iql: iqlField,
    stores: labelled(z.string().regex(STORES_PATTERN), 'field.model').optional(),
  })
  .strict();

export const deadlineRoutes: FastifyPluginAsyncZod<ServiceOptions> = async (
  app,
  { accounts, registry, models, timeZone, searchWalkRows },
) => {
  const stores = registry.deadlineStores().map((s) => s.name);
  if (stores.length === 0) return;
  const access = { resource: stores };
  const deps = { accounts, registry, models, timeZone, walkRows: searchWalkRows };

  app.get(
    '/deadlines',
    {
      config: { access },
      schema: {
        summary:
          'The deadlines an iql query finds (default: open ones) in every deadline store the caller may view, each naming its model and record',
        tags,
        querystring: listQuery,
        response: { 200: envelopeSchema({ data: z.object({ rows: z.array(anyRecord), truncated: z.boolean() }) }) },
      },
    },
    async (request) => {
      const ctx = requestContext(request, accounts.now);
      const iql = request.query.iql?.trim() || DEFAULT_IQL;
      const stores = request.query.stores?.split(',');
      return ok(request, { data: await spanDeadlines(deps, ctx, { iql, max: DEADLINES_MAX, stores }) });
    },
  );

  app.get(
    '/deadlines/ical',
    {
      config: { access },
      schema: {
        summary:
          'The deadlines an iql query finds (default: open ones) in every store the caller may view, as iCalendar',
        tags,
        querystring: iqlQuery,
      },
    },
    async (request, reply) => {
      const ctx = requestContext(request, accounts.now);
      const iql = request.query.iql?.trim() || DEFAULT_IQL;
      const text = await deadlinesIcal(deps, ctx, { iql });
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="deadlines.ics"')
        .send(text);
    },
  );

  app.get(
    '/deadlines/:store/:sid',
    {
      config: { access },
      schema: {
        summary:
          "One deadline of a store with its record and, for a rule deadline, its explanation in the caller's language",
        tags,
        params: z
          .object({
            store: labelled(z.string().regex(MODEL_NAME_PATTERN), 'field.model'),
            sid: labelled(z.string().regex(SID_PATTERN), 'field.deadlineSid'),
          })
          .strict(),
        response: { 200: envelopeSchema({ data: anyRecord }) },
      },
    },
    async (request) => {
      const ctx = requestContext(request, accounts.now);
      const data = await explainStoredDeadline(deps, ctx, { model: request.params.store, sid: request.params.sid });
      return ok(request, { data });
    },
  );
};
