// {webapi} a patent case's inventors (with contribution shares), its relations to other cases (checked
// against spec §5: errors refuse, warnings must be confirmed) and its family across countries. Viewing
// needs the patent resource, changing patent:update; both cases of a relation must be visible.
import {
  INVENTOR_NAME_MAX_LENGTH,
  MAX_INVENTORS,
  RELATION_TYPES,
  RELATION_WARNINGS,
  RELATION_TYPE_LABELS,
  labelIn,
} from '@ipdesk/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { familyTree } from '../family.js';
import { inventorCandidates } from '../inventor-candidates.js';
import { caseInventors, replaceInventors } from '../inventors.js';
import {
  checkCaseRelation,
  createRelation,
  deleteRelation,
  listRelations,
  problemTexts,
  type PatentLinksDeps,
} from '../relations.js';
import { principalOf } from '../../../http/context.js';
import { labelled } from '../../../http/labels.js';
import { envelopeSchema, ok } from '../../../http/reply.js';
import type { ServiceOptions } from '../../../http/services.js';
import { sidParam, versionField } from '../../../http/routes/schemas.js';
import { requestContext, type ContextSource } from '../../../platform/context.js';

const VIEW = { resource: 'patent' } as const;
const CHANGE = { resource: 'patent:update' } as const;
const tags = ['patent'];

const caseParams = z.object({ sid: sidParam('field.patentSid') }).strict();
const relationType = labelled(z.enum(RELATION_TYPES), 'field.relationType');
const direction = labelled(z.enum(['parent', 'child']), 'field.relationDirection');
const otherSid = sidParam('field.otherCase');

const inventorSchema = z.object({
  position: z.number(),
  person_sid: z.string().nullable(),
  name: z.string(),
  contribution: z.number(),
});
const inventorInput = z
  .object({
    name: labelled(z.string().max(INVENTOR_NAME_MAX_LENGTH), 'field.inventorName'),
    // Shares are checked by the shared core rule (range, two decimals, sum) so the form and the API agree.
    contribution: labelled(z.number(), 'field.inventorContribution'),
    person_sid: sidParam('field.inventorPerson').nullable().optional(),
  })
  .strict();
const problemSchema = z.object({ code: z.string(), message: z.string() });
const anyRecord = z.record(z.string(), z.unknown());

export const patentRelationRoutes: FastifyPluginAsyncZod<ServiceOptions> = async (
  app,
  { accounts, models, registry },
) => {
  const deps: PatentLinksDeps = { accounts, models, registry };
  const context = (request: ContextSource) => requestContext(request, accounts.now);

  app.get(
    '/patent-inventor-candidates',
    {
      // Naming inventors is part of keeping a case: no people administration needed.
      config: { access: { resource: ['patent:create', 'patent:update'] } },
      schema: {
        summary: 'Active persons to name as inventors, by name or job number, within the caller’s selection range',
        tags,
        querystring: z.object({ keyword: labelled(z.string().max(50), 'field.keyword').optional() }).strict(),
        response: {
          200: envelopeSchema({
            data: z.array(z.object({ sid: z.string(), name: z.string(), job_number: z.string().nullable() })),
          }),
        },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      return ok(request, {
        data: await inventorCandidates(
          accounts.db,
          {
            tenantSid: principal.tenantSid,
            pickRange: principal.access.admin ? 'all' : principal.access.pickRange,
            companySids: principal.access.companySids,
          },
          request.query.keyword ?? '',
        ),
      });
    },
  );

  app.get(
    '/patent/:sid/inventors',
    {
      config: { access: VIEW },
      schema: {
        summary: "A case's inventors in order, with their contribution shares (percent)",
        tags,
        params: caseParams,
        response: { 200: envelopeSchema({ data: z.array(inventorSchema) }) },
      },
    },
    async (request) => ok(request, { data: await caseInventors(deps, context(request), request.params.sid) }),
  );

  app.post(
    '/patent/:sid/inventors',
    {
      config: { access: CHANGE },
      schema: {
        summary:
          "Replace a case's inventors; send the case's version. Shares must add up to exactly 100 (400350 names the sum)",
        tags,
        params: caseParams,
        body: z
          .object({
            version: versionField,
            inventors: labelled(z.array(inventorInput).max(MAX_INVENTORS), 'field.inventors'),
          })
          .strict(),
        response: {
          200: envelopeSchema({ data: z.object({ version: z.number(), inventors: z.array(inventorSchema) }) }),
        },
      },
    },
    async (request) =>
      ok(request, {
        data: await replaceInventors(deps, context(request), { sid: request.params.sid, ...request.body }),
      }),
  );

  app.post(
    '/patent/:sid/relations/check',
    {
      config: { access: VIEW },
      schema: {
        summary:
          'Check a relation to another case without saving it: errors (refused) and warnings (to confirm), in the caller’s language',
        tags,
        params: caseParams,
        body: z.object({ type: relationType, other_sid: otherSid, direction }).strict(),
        response: {
          200: envelopeSchema({
            data: z.object({ errors: z.array(problemSchema), warnings: z.array(problemSchema) }),
          }),
        },
      },
    },
    async (request) => {
      const { type, other_sid, direction: way } = request.body;
      const checked = await checkCaseRelation(deps, context(request), {
        sid: request.params.sid,
        type,
        otherSid: other_sid,
        direction: way,
      });
      return ok(request, {
        data: {
          errors: problemTexts(request.language, checked.errors),
          warnings: problemTexts(request.language, checked.warnings),
        },
      });
    },
  );

  app.post(
    '/patent/:sid/relations',
    {
      config: { access: CHANGE },
      schema: {
        summary:
          'Relate the case to another one. `direction` says what the other case is to this one. Warnings not listed in `acknowledged` answer 409350 with the warnings as fields',
        tags,
        params: caseParams,
        body: z
          .object({
            type: relationType,
            other_sid: otherSid,
            direction,
            acknowledged: labelled(
              z.array(z.enum(RELATION_WARNINGS)).max(RELATION_WARNINGS.length),
              'field.acknowledgedWarnings',
            ),
          })
          .strict(),
        response: {
          200: envelopeSchema({
            data: z.object({
              sid: z.string(),
              parent_sid: z.string(),
              child_sid: z.string(),
              type: z.enum(RELATION_TYPES),
              warnings: z.array(problemSchema),
            }),
          }),
        },
      },
    },
    async (request) => {
      const { type, other_sid, direction: way, acknowledged } = request.body;
      const relation = await createRelation(deps, context(request), {
        sid: request.params.sid,
        type,
        otherSid: other_sid,
        direction: way,
        acknowledged,
      });
      return ok(request, {
        data: {
          sid: relation.sid,
          parent_sid: relation.parent_sid,
          child_sid: relation.child_sid,
          type: relation.relation_type,
          warnings: problemTexts(request.language, relation.acknowledged_warnings),
        },
      });
    },
  );

  app.get(
    '/patent/:sid/relations',
    {
      config: { access: VIEW },
      schema: {
        summary:
          "A case's relations both ways, with the other case's number, title, office, status and filing date and the confirmed warnings",
        tags,
        params: caseParams,
        response: {
          200: envelopeSchema({
            data: z.array(
              z.object({
                sid: z.string(),
                type: z.enum(RELATION_TYPES),
                type_label: z.string(),
                role: z.enum(['parent', 'child']),
                parent_sid: z.string(),
                child_sid: z.string(),
                other: anyRecord,
                warnings: z.array(problemSchema),
                created_at: z.string(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const relations = await listRelations(deps, context(request), request.params.sid);
      return ok(request, {
        data: relations.map((r) => ({ ...r, type_label: labelIn(RELATION_TYPE_LABELS[r.type], request.language) })),
      });
    },
  );

  app.post(
    '/patent/relations/:relationSid/delete',
    {
      config: { access: CHANGE },
      schema: {
        summary: 'Delete a relation between two cases',
        tags,
        params: z.object({ relationSid: sidParam('field.relationSid') }).strict(),
        response: { 200: envelopeSchema({}) },
      },
    },
    async (request) => {
      await deleteRelation(deps, context(request), request.params.relationSid);
      return ok(request, {});
    },
  );

  app.get(
    '/patent/:sid/family',
    {
      config: { access: VIEW },
      schema: {
        summary:
          "A case's family: cases reachable through relations or sharing its family ID (those the caller may see, at most 500), and the relations between them",
        tags,
        params: caseParams,
        response: {
          200: envelopeSchema({
            data: z.object({
              root: z.string(),
              nodes: z.array(anyRecord),
              edges: z.array(
                z.object({
                  sid: z.string(),
                  parent_sid: z.string(),
                  child_sid: z.string(),
                  type: z.enum(RELATION_TYPES),
                }),
              ),
              truncated: z.boolean(),
            }),
          }),
        },
      },
    },
    async (request) => ok(request, { data: await familyTree(deps, context(request), { sid: request.params.sid }) }),
  );
};
