// {webapi} process definitions (issue 7 "Definitions and designer"): list, versions, one version with its
// XML, graph and design problems; create (template or XML), save the draft, publish (linted here with
// the designer's rules), check XML without saving, export a version as zip and import one. Reading needs
// the workflow resource, every change workflow:update.
import type {} from '@fastify/multipart';
import {
  AppError,
  MODEL_NAME_PATTERN,
  WORKFLOW_IMPORT_MAX_BYTES,
  WORKFLOW_KEY_PATTERN,
  WORKFLOW_NAME_MAX_LENGTH,
  WORKFLOW_XML_MAX_LENGTH,
} from '@ipdesk/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createDefinition } from '../definitions/create-definition.js';
import { getVersion, listDefinitions, listVersions } from '../definitions/list-definitions.js';
import { inspectXml, presentProblems } from '../definitions/problems.js';
import { publishDefinition } from '../definitions/publish-definition.js';
import { saveDraft } from '../definitions/save-draft.js';
import { iso, type DefinitionRow } from '../definitions/store.js';
import { exportVersion, importDefinition } from '../definitions/transfer-definition.js';
import { labelled } from '../../../http/labels.js';
import { envelopeSchema, ok } from '../../../http/reply.js';
import type { ServiceOptions } from '../../../http/services.js';
import { requestContext, type ContextSource } from '../../../platform/context.js';

const VIEW = { resource: 'workflow' } as const;
const CHANGE = { resource: 'workflow:update' } as const;
const tags = ['workflow'];
/** XML travels in JSON: up to 1 000 000 characters, which escaped may take several bytes each. */
const XML_BODY_LIMIT = 8 * 1024 * 1024;

const keyField = labelled(z.string().regex(WORKFLOW_KEY_PATTERN), 'field.workflowKey');
const xmlField = labelled(z.string().min(1).max(WORKFLOW_XML_MAX_LENGTH), 'field.workflowXml');
const keyParams = z.object({ key: keyField }).strict();
const versionParams = z
  .object({ key: keyField, version: labelled(z.coerce.number().int().min(1).max(1_000_000), 'field.workflowVersion') })
  .strict();
/** The newest version the caller loaded and its updated_at, for the optimistic check of a write. */
const baseFields = {
  version: labelled(z.number().int().min(1).max(1_000_000), 'field.workflowVersion'),
  updated_at: labelled(z.string().min(1).max(40), 'field.workflowUpdatedAt'),
};

const problemSchema = z.object({
  rule: z.string(),
  element_id: z.string(),
  severity: z.enum(['error', 'warning']),
  message_key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  message: z.string(),
});
/** A vendor approver of a process from another modeler, and the user (sid) or role (code) it resolved to. */
const mappedAssigneeSchema = z.object({
  node_id: z.string(),
  node_name: z.string(),
  vendor: z.string(),
  attribute: z.enum(['assignee', 'candidateUsers', 'candidateGroups']),
  value: z.string(),
  kind: z.enum(['user', 'role']),
  resolved: z.object({ value: z.string(), name: z.string() }).nullable(),
});
const statusSchema = z.enum(['draft', 'published', 'retired']);
const versionFields = {
  key: z.string(),
  version: z.number(),
  name: z.string(),
  model: z.string(),
  category: z.string().nullable(),
  status: statusSchema,
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  published_at: z.string().nullable(),
};
const writeAnswer = envelopeSchema({ data: z.object({ ...versionFields, problems: z.array(problemSchema) }) });

function header(row: DefinitionRow) {
  return {
    key: row.key,
    version: row.version,
    name: row.name,
    model: row.model,
    category: row.category,
    status: row.status,
    created_by: row.created_by,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    published_at: iso(row.published_at),
  };
}

export const workflowDefinitionRoutes: FastifyPluginAsyncZod<ServiceOptions> = async (app, { accounts, registry }) => {
  const deps = { accounts, registry };
  const context = (request: ContextSource) => requestContext(request, accounts.now);

  app.get(
    '/workflow/definitions',
    {
      config: { access: VIEW },
      schema: {
        summary:
          'Process definitions, one line per key: its newest version, and the numbers of its draft and published versions',
        tags,
        querystring: z
          .object({
            model: labelled(z.string().max(64), 'field.workflowModel').optional(),
            keyword: labelled(z.string().max(50), 'field.keyword').optional(),
          })
          .strict(),
        response: {
          200: envelopeSchema({
            data: z.array(
              z.object({
                key: z.string(),
                name: z.string(),
                model: z.string(),
                category: z.string().nullable(),
                latest_version: z.number(),
                latest_status: statusSchema,
                draft_version: z.number().nullable(),
                published_version: z.number().nullable(),
                updated_at: z.string(),
                published_at: z.string().nullable(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => ok(request, { data: await listDefinitions(deps, context(request), request.query) }),
  );

  app.post(
    '/workflow/definitions',
    {
      config: { access: CHANGE },
      schema: {
        summary:
          'Create a process from the template (start → submit → end) as version 1, a draft. The key is the BPMN process id, unique per tenant; key and model never change afterwards',
        tags,
        body: z
          .object({
            key: keyField,
            name: labelled(z.string().trim().min(1).max(WORKFLOW_NAME_MAX_LENGTH), 'field.workflowName'),
            model: labelled(z.string().min(1).max(64), 'field.workflowModel'),
          })
          .strict(),
        response: { 200: writeAnswer },
      },
    },
    async (request) => {
      const ctx = context(request);
      const { row, problems } = await createDefinition(deps, ctx, { template: request.body });
      return ok(request, { data: { ...header(row), problems: presentProblems(ctx.language, problems) } });
    },
  );

  app.post(
    '/workflow/definitions/do/create-from-xml',
    {
      bodyLimit: XML_BODY_LIMIT,
      config: { access: CHANGE },
      schema: {
        summary:
          'Create a process from BPMN XML as version 1, a draft: key (process id), name and model (ipdesk:ProcessSettings) come from the XML. Design problems are answered, not refused',
        tags,
        body: z.object({ xml: xmlField }).strict(),
        response: { 200: writeAnswer },
      },
    },
    async (request) => {
      const ctx = context(request);
      const { row, problems } = await createDefinition(deps, ctx, { xml: request.body.xml });
      return ok(request, { data: { ...header(row), problems: presentProblems(ctx.language, problems) } });
    },
  );

  app.post(
    '/workflow/definitions/do/check',
    {
      bodyLimit: XML_BODY_LIMIT,
      config: { access: VIEW },
      schema: {
        summary: 'Check BPMN XML with the design rules without saving it: the graph and the problems',
        tags,
        body: z.object({ xml: xmlField }).strict(),
        response: {
          200: envelopeSchema({
            data: z.object({ graph: z.record(z.string(), z.unknown()), problems: z.array(problemSchema) }),
          }),
        },
      },
    },
    async (request) => {
      const { parsed, problems } = await inspectXml(request.body.xml);
      return ok(request, {
        data: { graph: { ...parsed.graph }, problems: presentProblems(request.language, problems) },
      });
    },
  );

  app.post(
    '/workflow/definitions/:key/draft',
    {
      bodyLimit: XML_BODY_LIMIT,
      config: { access: CHANGE },
      schema: {
        summary:
          'Save the XML as the draft (a new draft, newest version + 1, when the newest is published). Send the newest version you loaded and its updated_at: anything saved since answers 409802. The model cannot change (409803)',
        tags,
        params: keyParams,
        body: z.object({ xml: xmlField, ...baseFields }).strict(),
        response: { 200: writeAnswer },
      },
    },
    async (request) => {
      const ctx = context(request);
      const { xml, version, updated_at } = request.body;
      const { row, problems } = await saveDraft(deps, ctx, {
        key: request.params.key,
        xml,
        version,
        updatedAt: updated_at,
      });
      return ok(request, { data: { ...header(row), problems: presentProblems(ctx.language, problems) } });
    },
  );

  app.post(
    '/workflow/definitions/:key/publish',
    {
      config: { access: CHANGE },
      schema: {
        summary:
          'Publish the draft (send its version and updated_at). Design errors refuse it with 400804, each problem a field named "<rule>:<element id>"; the previous published version is retired',
        tags,
        params: keyParams,
        body: z.object(baseFields).strict(),
        response: { 200: writeAnswer },
      },
    },
    async (request) => {
      const row = await publishDefinition(deps, context(request), {
        key: request.params.key,
        version: request.body.version,
        updatedAt: request.body.updated_at,
      });
      return ok(request, { data: { ...header(row), problems: [] } });
    },
  );

  app.get(
    '/workflow/definitions/:key/versions',
    {
      config: { access: VIEW },
      schema: {
        summary: 'The versions of a process, newest first',
        tags,
        params: keyParams,
        response: {
          200: envelopeSchema({
            data: z.array(
              z.object({
                version: z.number(),
                status: statusSchema,
                name: z.string(),
                created_by: z.string().nullable(),
                created_at: z.string(),
                updated_at: z.string(),
                published_at: z.string().nullable(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => ok(request, { data: await listVersions(deps, context(request), request.params.key) }),
  );

  app.get(
    '/workflow/definitions/:key/versions/:version',
    {
      config: { access: VIEW },
      schema: {
        summary: 'One version: its BPMN XML, its executable graph, and its design problems in your language',
        tags,
        params: versionParams,
        response: {
          200: envelopeSchema({
            data: z.object({
              ...versionFields,
              xml: z.string(),
              graph: z.record(z.string(), z.unknown()),
              problems: z.array(problemSchema),
            }),
          }),
        },
      },
    },
    async (request) => {
      const ctx = context(request);
      const { key, version } = request.params;
      const { row, problems } = await getVersion(deps, ctx, { key, version });
      return ok(request, {
        data: {
          ...header(row),
          xml: row.xml,
          graph: { ...row.graph },
          problems: presentProblems(ctx.language, problems),
        },
      });
    },
  );

  app.get(
    '/workflow/definitions/:key/versions/:version/export',
    {
      config: { access: VIEW },
      schema: {
        summary: 'Download one version as a zip: <key>-v<version>.bpmn and manifest.json',
        tags,
        params: versionParams,
      },
    },
    async (request, reply) => {
      const { key, version } = request.params;
      const { fileName, bytes } = await exportVersion(deps, context(request), { key, version });
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );

  app.post(
    '/workflow/definitions/do/import',
    {
      config: { access: CHANGE },
      schema: {
        summary:
          'Import a zip (multipart field "file", at most 10 MB packed and unpacked) holding exactly one .bpmn: a new key becomes version 1, an existing key gets it as its draft (an existing draft only with overwrite_draft=true). Design errors refuse it',
        tags,
        querystring: z
          .object({
            overwrite_draft: labelled(
              z.enum(['true', 'false']).transform((value) => value === 'true'),
              'field.workflowOverwriteDraft',
            ).optional(),
            model: labelled(z.string().regex(MODEL_NAME_PATTERN), 'field.workflowModel').optional(),
            action: labelled(z.string().regex(MODEL_NAME_PATTERN), 'field.workflowAction').optional(),
          })
          .strict(),
        response: {
          200: envelopeSchema({
            data: z.object({
              ...versionFields,
              created: z.boolean(),
              problems: z.array(problemSchema),
              mapped: z.array(mappedAssigneeSchema),
            }),
          }),
        },
      },
    },
    async (request) => {
      const ctx = context(request);
      if (!request.isMultipart()) throw new AppError('workflowImportNotZip');
      const part = await request.file({ limits: { fileSize: WORKFLOW_IMPORT_MAX_BYTES, files: 1, fields: 0 } });
      if (!part) throw new AppError('workflowImportNotZip');
      const bytes = await part.toBuffer().catch((cause: unknown) => {
        throw new AppError('workflowImportTooLarge', { params: { max: '10 MB' }, cause });
      });
      const imported = await importDefinition(deps, ctx, {
        bytes,
        overwriteDraft: request.query.overwrite_draft ?? false,
        model: request.query.model,
        action: request.query.action,
      });
      return ok(request, {
        data: {
          ...header(imported.row),
          created: imported.created,
          problems: presentProblems(ctx.language, imported.problems),
          mapped: imported.mapped.map((m) => ({
            node_id: m.nodeId,
            node_name: m.nodeName,
            vendor: m.vendor,
            attribute: m.attribute,
            value: m.value,
            kind: m.kind,
            resolved: m.resolved,
          })),
        },
      });
    },
  );
};
