// {webapi} roles and their permissions (docs/api/organisation-rbac.md "Roles"): search (open, for
// pickers), the board, read, create, update, delete, copy, function/field/data permissions and the
// users holding a role; and the resource tree with each resource's endpoints ("Resources").
import {
  DATA_SCOPES,
  FIELD_ACCESS,
  PICK_RANGES,
  ROLE_CODE_PATTERN,
  ROLE_DESCRIPTION_MAX,
  ROLE_NAME_MAX,
  SID_PATTERN,
  MODEL_NAME_PATTERN,
  resourceNodeAnswer,
  rolePermissionsAnswer,
} from '@ipdesk/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resourceTree } from '../../modules/rbac/resource-tree.js';
import { readPermissions, savePermissions } from '../../modules/rbac/role-permissions.js';
import { searchRoles } from '../../modules/rbac/role-search.js';
import { changeRoleUsers, listRoleUsers } from '../../modules/rbac/role-users.js';
import {
  boardRoles,
  copyRole,
  createRole,
  deleteRole,
  readRole,
  roleInLanguage,
  updateRole,
} from '../../modules/rbac/roles.js';
import { component } from '../api-components.js';
import { principalOf } from '../context.js';
import { labelled } from '../labels.js';
import { envelopeSchema, ok } from '../reply.js';
import type { ServiceOptions } from '../services.js';
import { tableSearchAnswer, tableSearchBody } from './schemas.js';
import { requestContext, type ContextSource } from '../../platform/context.js';

const roleSid = labelled(z.string().regex(SID_PATTERN), 'field.role');
const userSid = labelled(z.string().regex(SID_PATTERN), 'field.userSid');
const departmentSids = labelled(z.array(z.string().regex(SID_PATTERN)).max(1000), 'field.roleDataDepartments');
const modelName = labelled(z.string().regex(MODEL_NAME_PATTERN), 'field.model');
const version = labelled(z.number().int().min(1), 'field.version');

const roleFields = {
  code: labelled(z.string().regex(ROLE_CODE_PATTERN), 'field.roleCode'),
  name: labelled(z.string().trim().min(1).max(ROLE_NAME_MAX), 'field.roleName'),
  description: labelled(z.string().max(ROLE_DESCRIPTION_MAX).nullable(), 'field.roleDescription').optional(),
  status: labelled(z.literal([0, 1]), 'field.roleStatus').optional(),
  weight: labelled(z.number().int().min(-1_000_000).max(1_000_000), 'field.roleWeight').optional(),
  show_sensitive: labelled(z.boolean(), 'field.roleShowSensitive').optional(),
  pick_range: labelled(z.enum(PICK_RANGES), 'field.rolePickRange').optional(),
  data_scope: labelled(z.enum(DATA_SCOPES), 'field.roleDataScope').optional(),
  data_departments: departmentSids.optional(),
};
const platform = labelled(z.literal([1, 2]), 'field.rolePlatform');

const roleRow = z.object({
  sid: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.number(),
  weight: z.number(),
  platform: z.number(),
  show_sensitive: z.boolean(),
  pick_range: z.string(),
  data_scope: z.string(),
  data_departments: z.array(z.string()),
  user_num: z.number(),
  version: z.number(),
  created_at: z.date(),
  updated_at: z.date(),
});
const roleUser = z.object({ sid: z.string(), account: z.string(), name: z.string() });
const permissions = rolePermissionsAnswer;
const resourceNode = component(resourceNodeAnswer, 'ResourceNode');

export const rolesRoutes: FastifyPluginAsyncZod<ServiceOptions> = async (
  app,
  { accounts, registry, models, timeZone, routeTable },
) => {
  const tags = ['role'];
  const base = '/model/role/do';
  const manage = { access: { resource: 'system.roles' } } as const;
  const context = (request: ContextSource) => requestContext(request, accounts.now);

  app.post(
    `${base}/search`,
    {
      config: { access: 'open' },
      schema: {
        summary:
          'Search roles with iql (default order weight ASC); without system.roles only sid, code, name, status, platform, weight and description',
        tags,
        body: tableSearchBody,
        response: { 200: envelopeSchema({ data: tableSearchAnswer }) },
      },
    },
    async (request) => {
      const data = await searchRoles({ db: accounts.db, registry, timeZone }, context(request), {
        ...request.body,
        start: request.body.start ?? 0,
        rows: request.body.rows ?? 20,
      });
      return ok(request, { data });
    },
  );

  app.post(
    `${base}/search_for_board`,
    {
      config: manage,
      schema: {
        summary: 'Enabled roles (of one platform when given) by weight, with their number of users',
        tags,
        body: z.object({ platform: platform.optional() }).strict().optional(),
        response: { 200: envelopeSchema({ data: z.array(roleRow) }) },
      },
    },
    async (request) =>
      ok(request, {
        data: (await boardRoles(accounts.db, principalOf(request).tenantSid, request.body?.platform)).map((row) =>
          roleInLanguage(row, request.language),
        ),
      }),
  );

  app.get(
    '/model/role/:sid',
    {
      config: manage,
      schema: {
        summary: 'One role',
        tags,
        params: z.object({ sid: roleSid }).strict(),
        response: { 200: envelopeSchema({ data: roleRow }) },
      },
    },
    async (request) =>
      ok(request, {
        data: roleInLanguage(
          await readRole(accounts.db, principalOf(request).tenantSid, request.params.sid),
          request.language,
        ),
      }),
  );

  app.post(
    `${base}/create`,
    {
      config: manage,
      schema: {
        summary: 'Create a role (code unique in the tenant, name unique per platform: else 409201)',
        tags,
        body: z.object({ ...roleFields, platform }).strict(),
        response: { 200: envelopeSchema({ data: roleRow }) },
      },
    },
    async (request) =>
      ok(request, {
        data: roleInLanguage(await createRole(accounts.db, context(request), request.body), request.language),
      }),
  );

  app.post(
    `${base}/update`,
    {
      config: manage,
      schema: {
        summary: "Change a role's fields at the version read (stale: 409000); its platform stays",
        tags,
        body: z
          .object({
            sid: roleSid,
            version,
            ...roleFields,
            code: roleFields.code.optional(),
            name: roleFields.name.optional(),
          })
          .strict(),
        response: { 200: envelopeSchema({ data: roleRow }) },
      },
    },
    async (request) =>
      ok(request, {
        data: roleInLanguage(await updateRole(accounts.db, context(request), request.body), request.language),
      }),
  );

  app.post(
    `${base}/delete/:sid`,
    {
      config: manage,
      schema: {
        summary: 'Delete a role no user holds (else 409309 with the number of users)',
        tags,
        params: z.object({ sid: roleSid }).strict(),
        response: { 200: envelopeSchema({}) },
      },
    },
    async (request) => {
      await deleteRole(accounts.db, context(request), request.params.sid);
      return ok(request, {});
    },
  );

  app.post(
    `${base}/copy`,
    {
      config: manage,
      schema: {
        summary: 'Copy a role with its permissions, without its users (code <code>_copy[n], name "<name> (copy)")',
        tags,
        body: z.object({ sid: roleSid }).strict(),
        response: { 200: envelopeSchema({ data: roleRow }) },
      },
    },
    async (request) =>
      ok(request, {
        data: roleInLanguage(await copyRole(accounts.db, context(request), request.body), request.language),
      }),
  );

  app.get(
    `${base}/permissions/:sid`,
    {
      config: manage,
      schema: {
        summary: "A role's function, field and data permissions",
        tags,
        params: z.object({ sid: roleSid }).strict(),
        response: { 200: envelopeSchema({ data: permissions }) },
      },
    },
    async (request) =>
      ok(request, { data: await readPermissions(accounts.db, principalOf(request).tenantSid, request.params.sid) }),
  );

  app.post(
    `${base}/permissions`,
    {
      config: manage,
      schema: {
        summary:
          "Replace a role's permissions at the version read; resources must be known (400308) and grantable to its platform (400307)",
        tags,
        body: z
          .object({
            sid: roleSid,
            version,
            resources: labelled(z.array(z.string().max(64)).max(2000), 'field.roleResources'),
            field_rules: labelled(
              z
                .array(z.object({ model: modelName, field: modelName, access: z.enum(FIELD_ACCESS) }).strict())
                .max(5000),
              'field.roleFieldRules',
            ),
            data_scope: labelled(z.enum(DATA_SCOPES), 'field.roleDataScope'),
            data_departments: departmentSids.optional(),
            model_scopes: labelled(
              z
                .array(
                  z
                    .object({
                      model: modelName,
                      scope: z.enum(DATA_SCOPES),
                      department_sids: z.array(z.string().regex(SID_PATTERN)).max(1000).optional(),
                    })
                    .strict(),
                )
                .max(500),
              'field.roleModelScopes',
            ),
          })
          .strict(),
        response: { 200: envelopeSchema({ data: permissions }) },
      },
    },
    async (request) => {
      const body = request.body;
      const data = await savePermissions({ db: accounts.db, registry, models }, context(request), {
        ...body,
        model_scopes: body.model_scopes.map((s) => ({ ...s, department_sids: s.department_sids ?? [] })),
      });
      return ok(request, { data });
    },
  );

  app.get(
    `${base}/users/:sid`,
    {
      config: manage,
      schema: {
        summary: 'The users holding a role',
        tags,
        params: z.object({ sid: roleSid }).strict(),
        response: { 200: envelopeSchema({ data: z.array(roleUser) }) },
      },
    },
    async (request) =>
      ok(request, { data: await listRoleUsers(accounts.db, principalOf(request).tenantSid, request.params.sid) }),
  );

  app.post(
    `${base}/users`,
    {
      config: manage,
      schema: {
        summary: "Give a role to users and take it from others; users must sign in on the role's platform",
        tags,
        body: z
          .object({
            sid: roleSid,
            add: labelled(z.array(userSid).max(1000), 'field.roleUsersAdd').optional(),
            remove: labelled(z.array(userSid).max(1000), 'field.roleUsersRemove').optional(),
          })
          .strict(),
        response: { 200: envelopeSchema({ data: z.array(roleUser) }) },
      },
    },
    async (request) => ok(request, { data: await changeRoleUsers(accounts.db, context(request), request.body) }),
  );

  app.get(
    '/resource/do/tree',
    {
      config: { access: { resource: ['system.resources', 'system.roles', 'system.menus'] } },
      schema: {
        summary: "The resource catalogue as a tree, in the caller's language, with each resource's endpoints",
        tags: ['resource'],
        // The language comes from the x-language header; the parameter is accepted and ignored.
        querystring: z.object({ language: z.string().max(16).optional() }).strict(),
        response: { 200: envelopeSchema({ data: z.array(resourceNode) }) },
      },
    },
    async (request) =>
      ok(request, {
        // Read at request time: routes registered after these are in the table by then.
        data: resourceTree(
          registry.resources,
          routeTable,
          registry.all().map((m) => m.name),
          request.language,
        ),
      }),
  );
};
