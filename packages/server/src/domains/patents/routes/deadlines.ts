// {webapi} deadlines, fee schedules and office calendars of patent cases: a case's deadlines with their
// explanations, its fee schedule beside the stored fee records, recomputation, deadlines as iCalendar,
// the rule packs with their sources, and office calendars with their import.
import { AppError, DEADLINE_EVENTS, FEE_PACKS, OFFICES, RULE_PACKS, SID_PATTERN, labelIn } from '@ipdesk/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readRecord } from '../../../platform/models/records.js';
import { viewFor } from '../../../modules/rbac/model-view.js';
import { calendarDays, importCalendar } from '../calendar-import.js';
import { caseFeeSchedule } from '../fee-schedule.js';
import { caseDeadlines } from '../case-deadlines.js';
import { deadlinesCalendar } from '../deadlines-calendar.js';
import { createFeeRecord } from '../fee-records.js';
import { recomputeCase } from '../recompute-case.js';
import { requestContext } from '../../../platform/context.js';
import { principalOf, type Principal } from '../../../http/context.js';
import { labelled } from '../../../http/labels.js';
import { envelopeSchema, ok } from '../../../http/reply.js';
import type { ServiceOptions } from '../../../http/services.js';

const sidParam = labelled(z.string().regex(SID_PATTERN), 'field.patentSid');
const anyRecord = z.record(z.string(), z.unknown());
const tags = ['patents'];

export const patentDeadlineRoutes: FastifyPluginAsyncZod<ServiceOptions> = async (
  app,
  { accounts, registry, models, timeZone, searchWalkRows },
) => {
  /** The case as the caller sees it (tenant, data scope, sub-company): 404 when out of reach. */
  const visibleCase = async (principal: Principal, sid: string) => {
    const model = await models.resolve(principal.tenantSid, 'patent');
    if (!model) throw new AppError('modelNotFound', { params: { model: 'patent' } });
    return readRecord({ accounts }, { principal }, { model: viewFor(model, principal.access), sid });
  };

  app.get(
    '/patent/:sid/deadlines',
    {
      config: { access: { resource: 'patent_task' } },
      schema: {
        summary: "A case's deadlines, each rule-computed one with its explanation in the caller's language",
        tags,
        params: z.object({ sid: sidParam }).strict(),
        response: { 200: envelopeSchema({ data: z.array(anyRecord) }) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      await visibleCase(principal, request.params.sid);
      return ok(request, {
        data: await caseDeadlines(accounts.db, requestContext(request, accounts.now), { caseSid: request.params.sid }),
      });
    },
  );

  app.get(
    '/patent/:sid/fee-schedule',
    {
      config: { access: { resource: 'fee' } },
      schema: {
        summary: "A case's fee schedule up to its term, with the stored fee record (status, payment) of each line",
        tags,
        params: z.object({ sid: sidParam }).strict(),
        response: { 200: envelopeSchema({ data: anyRecord }) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const record = await visibleCase(principal, request.params.sid);
      return ok(request, {
        data: await caseFeeSchedule(accounts.db, principal.tenantSid, record, request.language),
      });
    },
  );

  app.post(
    '/patent/:sid/fee-records',
    {
      config: { access: { resource: 'fee:create' } },
      schema: {
        summary:
          'Make the fee record of a fee-schedule line that has none (the grant-year annuity paid at registration, say), to record its payment',
        tags,
        params: z.object({ sid: sidParam }).strict(),
        body: z
          .object({
            key: labelled(
              z
                .string()
                .min(3)
                .max(80)
                .regex(/^[A-Z0-9-]+\|\d{1,2}$/),
              'field.feeLine',
            ),
          })
          .strict(),
        response: { 200: envelopeSchema({ data: anyRecord }) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const patent = await visibleCase(principal, request.params.sid);
      const data = await createFeeRecord(accounts, {
        principal,
        patent,
        key: request.body.key,
        language: request.language,
        requestId: request.id,
      });
      return ok(request, { data });
    },
  );

  app.post(
    '/patent/:sid/recompute',
    {
      config: { access: { resource: 'patent:update' } },
      schema: {
        summary: "Recompute a case's deadlines, fees and expiry now",
        tags,
        params: z.object({ sid: sidParam }).strict(),
        response: { 200: envelopeSchema({ data: anyRecord }) },
      },
    },
    async (request) => {
      const ctx = requestContext(request, accounts.now);
      await visibleCase(ctx.principal, request.params.sid);
      const result = await recomputeCase({ accounts, timeZone }, ctx, { sid: request.params.sid });
      return ok(request, { data: { ...result } });
    },
  );

  app.get(
    '/patent-deadlines/ical',
    {
      config: { access: { resource: 'patent_task' } },
      schema: {
        summary: 'The deadlines an iql query finds (default: open ones), as an iCalendar file',
        tags,
        querystring: z.object({ iql: labelled(z.string().max(20_000), 'field.iql').optional() }).strict(),
      },
    },
    async (request, reply) => {
      const ctx = requestContext(request, accounts.now);
      const { principal } = ctx;
      const base = await models.resolve(principal.tenantSid, 'patent_task');
      const patent = await models.resolve(principal.tenantSid, 'patent');
      if (!base || !patent) throw new AppError('modelNotFound', { params: { model: 'patent_task' } });
      const model = viewFor(base, principal.access);
      const iql = request.query.iql?.trim() || "status = 'open' ORDER BY due_date ASC";
      const text = await deadlinesCalendar({ accounts, registry, timeZone, walkRows: searchWalkRows }, ctx, {
        deadlines: model,
        cases: viewFor(patent, principal.access),
        iql,
      });
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="deadlines.ics"')
        .send(text);
    },
  );

  app.get(
    '/patent-rules',
    {
      config: { access: { resource: 'patent' } },
      schema: {
        summary: 'The deadline and fee rule packs in force, each rule with its legal source',
        tags,
        response: { 200: envelopeSchema({ data: anyRecord }) },
      },
    },
    async (request) => {
      const language = request.language;
      return ok(request, {
        data: {
          deadline_packs: RULE_PACKS.map((p) => ({
            office: p.office,
            version: p.version,
            effective_from: p.effectiveFrom,
            rules: p.rules.map((r) => ({
              code: r.code,
              label: labelIn(r.label, language),
              citation: labelIn(r.citation, language),
              source: r.source,
              status: r.status,
              patent_types: r.patentTypes,
              routes: r.routes,
            })),
          })),
          fee_packs: FEE_PACKS.map((p) => ({
            office: p.office,
            version: p.version,
            currency: p.currency,
            effective_from: p.effectiveFrom,
            rules: p.rules.map((r) => ({ code: r.code, label: labelIn(r.label, language), source: r.source })),
          })),
          events: DEADLINE_EVENTS.map((e) => ({ code: e.code, label: labelIn(e.label, language) })),
        },
      });
    },
  );

  app.get(
    '/patent-calendars/:office',
    {
      config: { access: { resource: 'patent_task' } },
      schema: {
        summary: "An office's closed days and make-up working days in a year: built-in and imported",
        tags,
        params: z
          .object({ office: labelled(z.enum(OFFICES.map(([code]) => code) as [string, ...string[]]), 'field.office') })
          .strict(),
        querystring: z.object({ year: labelled(z.coerce.number().int().min(1990).max(2100), 'field.year') }).strict(),
        response: { 200: envelopeSchema({ data: anyRecord }) },
      },
    },
    async (request) =>
      ok(request, {
        data: await calendarDays(
          accounts.db,
          principalOf(request).tenantSid,
          request.params.office,
          request.query.year,
          request.language,
        ),
      }),
  );

  app.post(
    '/patent-calendars/import',
    {
      config: { access: { resource: 'system.settings' } },
      schema: {
        summary:
          'Import closed days and make-up working days (rows of office, date, type, names); recomputes deadlines',
        tags,
        body: z.object({ rows: labelled(z.array(z.unknown()).min(1), 'field.calendarRows') }).strict(),
        response: { 200: envelopeSchema({ data: anyRecord }) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const data = await importCalendar(accounts, {
        principal,
        rows: request.body.rows,
        language: request.language,
        requestId: request.id,
        timeZone,
      });
      return ok(request, { data });
    },
  );
};
