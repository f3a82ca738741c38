// {webapi} menus (spec §5 "Lists and menus"): the signed-in user's own menu tree, and menu administration
// (tree, create, update, delete, move) for holders of system.menus. A tenant's first read seeds the
// default menus. The web caches a user's menus, so changes show at their next sign-in.
import {
  MENU_ICONS,
  MENU_NAME_MAX,
  MENU_OPEN_TYPES,
  MENU_PATH_PATTERN,
  SID_PATTERN,
  menuRowAnswer,
  menuTreeNodeAnswer,
  myMenuAnswer,
  myMenusAnswer,
} from '@ipdesk/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createMenu, deleteMenu, updateMenu } from '../../modules/menus/admin.js';
import { buildTree, listMenus, viewOf, type MenuRow } from '../../modules/menus/menus.js';
import { moveMenu } from '../../modules/menus/move.js';
import { myMenus } from '../../modules/menus/my-menus.js';
import { ensureMenusSeeded } from '../../modules/menus/seed.js';
import { component } from '../api-components.js';
import { principalOf } from '../context.js';
import { labelled } from '../labels.js';
import { envelopeSchema, ok } from '../reply.js';
import type { ServiceOptions } from '../services.js';
import { sidParam, versionField } from './schemas.js';
import { requestContext, type ContextSource } from '../../platform/context.js';

const menuSid = sidParam('field.menu');
const name = (label: 'field.menuNameZh' | 'field.menuNameEn') =>
  labelled(z.string().trim().min(1).max(MENU_NAME_MAX), label);
const fields = {
  name_zh: name('field.menuNameZh'),
  name_en: name('field.menuNameEn'),
  resource_code: labelled(z.string().min(1).max(64).nullable(), 'field.menuResource').optional(),
  path: labelled(z.string().max(512).regex(MENU_PATH_PATTERN).nullable(), 'field.menuPath').optional(),
  open_type: labelled(z.enum(MENU_OPEN_TYPES), 'field.menuOpenType').optional(),
  icon: labelled(z.enum(MENU_ICONS).nullable(), 'field.menuIcon').optional(),
  scope: labelled(z.literal([0, 1, 2]), 'field.menuScope').optional(),
  status: labelled(z.literal([0, 1]), 'field.menuStatus').optional(),
};
const parentSid = labelled(z.string().regex(SID_PATTERN).nullable(), 'field.menuParent').optional();
const level = labelled(z.number().int().min(1).max(4), 'field.menuLevel');

const createBody = z.object({ parent_sid: parentSid, level, ...fields }).strict();
const updateBody = z
  .object({
    sid: menuSid,
    version: versionField,
    parent_sid: parentSid,
    level: level.optional(),
    ...fields,
    name_zh: fields.name_zh.optional(),
    name_en: fields.name_en.optional(),
  })
  .strict();

// The answers' shapes are core's (shared with the web); the recursive ones are named in the API document.
const rowSchema = menuRowAnswer;
const treeNodeSchema = component(menuTreeNodeAnswer, 'MenuTreeNode');
component(myMenuAnswer, 'MyMenu');

export const menuRoutes: FastifyPluginAsyncZod<ServiceOptions> = async (app, { accounts, registry }) => {
  const tags = ['menu'];
  const access = { resource: 'system.menus' } as const;

  const deps = { db: accounts.db, catalog: registry.resources };
  const context = (request: ContextSource) => requestContext(request, accounts.now);
  /** All the tenant's rows, seeding the defaults on the tenant's first read. */
  const rowsFor = async (request: FastifyRequest): Promise<MenuRow[]> => {
    const ctx = context(request);
    await ensureMenusSeeded(accounts.db, ctx, registry.defaultMenus);
    return listMenus(accounts.db, ctx.tenantSid);
  };

  app.get(
    '/menu/do/my',
    {
      config: { access: 'open' },
      schema: {
        summary: 'The menus you may see (enabled, of your platform, resource held) and the resources you hold',
        tags,
        response: {
          200: envelopeSchema({ data: myMenusAnswer }),
        },
      },
    },
    async (request) => {
      const p = principalOf(request);
      const menus = myMenus(await rowsFor(request), {
        side: p.side,
        resources: p.access.resources,
        language: request.language,
      });
      return ok(request, { data: { menus, resources: [...p.access.resources] } });
    },
  );

  app.get(
    '/menu/do/tree',
    {
      config: { access },
      schema: {
        summary: 'Every menu of your tenant, as a tree in display order',
        tags,
        response: { 200: envelopeSchema({ data: z.array(treeNodeSchema) }) },
      },
    },
    async (request) => {
      const rows = await rowsFor(request);
      return ok(request, { data: buildTree(rows.map((r) => viewOf(request.language, r))) });
    },
  );

  app.post(
    '/menu/do/create',
    {
      config: { access },
      schema: {
        summary: 'Add a menu, last among its siblings, one level below its parent',
        tags,
        body: createBody,
        response: { 200: envelopeSchema({ data: rowSchema }) },
      },
    },
    async (request) => {
      const ctx = context(request);
      // A tenant that never read its menus gets the defaults first, not just the new one.
      await ensureMenusSeeded(accounts.db, ctx, registry.defaultMenus);
      const row = await createMenu(deps, ctx, request.body);
      return ok(request, { data: viewOf(request.language, row) });
    },
  );

  app.post(
    '/menu/do/update',
    {
      config: { access },
      schema: {
        summary: "Change a menu's names, resource, path, icon, platform or status (not its parent or level)",
        tags,
        body: updateBody,
        response: { 200: envelopeSchema({ data: rowSchema }) },
      },
    },
    async (request) => {
      const row = await updateMenu(deps, context(request), request.body);
      return ok(request, { data: viewOf(request.language, row) });
    },
  );

  app.post(
    '/menu/do/delete/:sid',
    {
      config: { access },
      schema: {
        summary: 'Delete a menu without children',
        tags,
        params: z.object({ sid: menuSid }).strict(),
        response: { 200: envelopeSchema({}) },
      },
    },
    async (request) => {
      await deleteMenu(deps, context(request), request.params.sid);
      return ok(request, {});
    },
  );

  app.post(
    '/menu/do/move',
    {
      config: { access },
      schema: {
        summary: 'Move a menu one place up or down among its siblings',
        tags,
        body: z.object({ sid: menuSid, direction: labelled(z.enum(['up', 'down']), 'field.menuDirection') }).strict(),
        response: { 200: envelopeSchema({ data: z.array(rowSchema) }) },
      },
    },
    async (request) => {
      const rows = await moveMenu(deps, context(request), request.body);
      return ok(request, { data: rows.map((r) => viewOf(request.language, r)) });
    },
  );
};
