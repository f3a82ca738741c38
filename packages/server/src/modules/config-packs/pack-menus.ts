// The menu tree a configuration pack carries, under the rules of menu administration (core rbac/menus):
// names, paths, icons, open types and platforms as the menu admin takes them, at most four levels, no
// children under a menu bound to a resource, and only resources the product knows.
import {
  MENU_ICONS,
  MENU_LEVELS,
  MENU_NAME_MAX,
  MENU_OPEN_TYPES,
  MENU_PATH_PATTERN,
  MENU_SCOPES,
  menuParentProblem,
  type FieldIssue,
  type MenuIcon,
  type MenuOpenType,
  type MenuScope,
} from '@ipdesk/core';
import { z } from 'zod';
import { component } from '../../http/api-components.js';
import { labelled } from '../../http/labels.js';
import type { MenuSeed } from '../menus/seed.js';
import type { CheckContext } from './content.js';

/** Menus a pack may hold in all: a whole navigation tree, far from what a body could carry. */
export const PACK_MENUS_MAX = 500;
const DEEPEST = MENU_LEVELS[MENU_LEVELS.length - 1]!;

export interface PackMenu {
  name_zh: string;
  name_en: string;
  resource_code?: string | null;
  path?: string | null;
  open_type?: MenuOpenType;
  icon?: MenuIcon;
  scope?: MenuScope;
  children?: PackMenu[];
}

const name = (label: 'field.packMenuNameZh' | 'field.packMenuNameEn') =>
  labelled(z.string().trim().min(1).max(MENU_NAME_MAX), label);

// The children's schema refers back to the node's; the getter defers that until the shape is read.
export const packMenuSchema: z.ZodType<PackMenu> = component(
  z
    .object({
      name_zh: name('field.packMenuNameZh'),
      name_en: name('field.packMenuNameEn'),
      resource_code: labelled(z.string().min(1).max(64).nullable(), 'field.packMenuResource').optional(),
      path: labelled(z.string().max(512).regex(MENU_PATH_PATTERN).nullable(), 'field.packMenuPath').optional(),
      open_type: labelled(z.enum(MENU_OPEN_TYPES), 'field.packMenuOpenType').optional(),
      icon: labelled(z.enum(MENU_ICONS), 'field.packMenuIcon').optional(),
      scope: labelled(z.literal(MENU_SCOPES), 'field.packMenuScope').optional(),
      get children() {
        return packMenuChildren;
      },
    })
    .strict(),
  'PackMenu',
);

const packMenuChildren: z.ZodOptional<z.ZodArray<z.ZodType<PackMenu>>> = labelled(
  z.array(packMenuSchema).max(PACK_MENUS_MAX),
  'field.packMenuChildren',
).optional();

/** Top-level menus: at least one, since a tenant without menus is given the default tree again. */
export const packMenusSchema = labelled(z.array(packMenuSchema).min(1).max(PACK_MENUS_MAX), 'field.packMenus');

/** How many menus a tree holds, counted on unchecked JSON too (a job's progress counts every menu). */
export function menuCount(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 1;
  const children = (value as { children?: unknown }).children;
  return 1 + (Array.isArray(children) ? children.reduce((sum: number, child) => sum + menuCount(child), 0) : 0);
}

/** Problems of one top-level menu of the pack and of everything under it. */
export function checkMenu(menu: PackMenu, index: number, context: CheckContext): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const walk = (node: PackMenu, level: number, at: string) => {
    context.seen.menus += 1;
    if (context.seen.menus === PACK_MENUS_MAX + 1)
      issues.push({
        field: at,
        labelKey: 'field.packMenus',
        messageKey: 'configPack.tooManyMenus',
        params: { max: PACK_MENUS_MAX },
      });
    const resourceCode = node.resource_code ?? null;
    if (resourceCode && !context.catalog.byCode(resourceCode))
      issues.push({
        field: `${at}.resource_code`,
        labelKey: 'field.packMenuResource',
        messageKey: 'configPack.resourceUnknown',
        params: { resource: resourceCode },
      });
    const children = node.children ?? [];
    if (!children.length) return;
    if (menuParentProblem({ level, resourceCode }, level + 1) === 'bound')
      issues.push({
        field: `${at}.children`,
        labelKey: 'field.packMenuChildren',
        messageKey: 'configPack.menuBoundNoChildren',
      });
    else if (level >= DEEPEST)
      issues.push({
        field: `${at}.children`,
        labelKey: 'field.packMenuChildren',
        messageKey: 'configPack.menuTooDeep',
        params: { max: DEEPEST },
      });
    else children.forEach((child, i) => walk(child, level + 1, `${at}.children.${i}`));
  };
  walk(menu, 1, `menus.${index}`);
  return issues;
}

/** The pack's tree in the shape the menu insert takes; levels and order come from where a menu sits. */
export function menuSeeds(menus: readonly PackMenu[]): MenuSeed[] {
  return menus.map((menu) => ({
    label: { zh: menu.name_zh, en: menu.name_en },
    resource: menu.resource_code ?? null,
    path: menu.path ?? null,
    icon: menu.icon ?? null,
    open_type: menu.open_type,
    scope: menu.scope,
    children: menuSeeds(menu.children ?? []),
  }));
}
