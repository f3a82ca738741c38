// {webapi} menus and the resource catalogue (docs/api/organisation-rbac.md "Menus", "Resources"): the
// signed-in user's own menu tree with the resources they hold (the shell's navigation, cached at sign-in),
// menu administration (tree, create, update, delete, move) and the read-only resource tree. Failures are
// shown by the request layer, except for the background fetch of the user's own menus.
import type { MenuLevel, MenuMove, MenuOpenType, MenuScope, SuccessEnvelope } from '@ipdesk/core';
import type { RequestResult } from './call';
import type { DataEnvelope } from './model';
import { request } from './request';

// The answers' shapes are core's (shared with the server's response schemas, issue 17 item 5): MyMenuNode
// (GET /menu/do/my, name in the request's language, name_zh / name_en for the shell), MyMenus, MenuRow
// (the administration tree, GET /menu/do/tree).
import type { MenuRow, MyMenuNode, MyMenus, ResourceTreeNode } from '@ipdesk/core';
export type { MenuRow, MyMenuNode, MyMenus, ResourceTreeNode };

/** What the menu form sends (create; update adds sid and version and leaves parent and level alone). */
export interface MenuFields {
  name_zh: string;
  name_en: string;
  resource_code: string | null;
  path: string | null;
  open_type: MenuOpenType;
  icon: string | null;
  scope: MenuScope;
  status: 0 | 1;
}

export interface MenuCreateInput extends MenuFields {
  parent_sid: string | null;
  level: MenuLevel;
}

export interface MenuUpdateInput extends Partial<MenuFields> {
  sid: string;
  version: number;
}

/** One node of GET /resource/do/tree: a resource with the buttons, links and tabs under it. */

const MENU = '/webapi/menu/do';

/** Silent: it runs in the background after sign-in and in the shell, which shows its own retry. */
export function fetchMyMenus(): Promise<RequestResult<DataEnvelope<MyMenus>>> {
  return request({ url: `${MENU}/my`, silent: true });
}

export function fetchMenuTree(): Promise<RequestResult<DataEnvelope<MenuRow[]>>> {
  return request({ url: `${MENU}/tree` });
}

export function createMenu(input: MenuCreateInput): Promise<RequestResult<DataEnvelope<MenuRow>>> {
  return request({ url: `${MENU}/create`, method: 'POST', body: input });
}

export function updateMenu(input: MenuUpdateInput): Promise<RequestResult<DataEnvelope<MenuRow>>> {
  return request({ url: `${MENU}/update`, method: 'POST', body: input });
}

export function deleteMenu(sid: string): Promise<RequestResult<SuccessEnvelope>> {
  return request({ url: `${MENU}/delete/${encodeURIComponent(sid)}`, method: 'POST' });
}

export function moveMenu(sid: string, direction: MenuMove): Promise<RequestResult<DataEnvelope<MenuRow[]>>> {
  return request({ url: `${MENU}/move`, method: 'POST', body: { sid, direction } });
}

export function fetchResourceTree(): Promise<RequestResult<DataEnvelope<ResourceTreeNode[]>>> {
  return request({ url: '/webapi/resource/do/tree' });
}
