// {webapi} roles and their permissions (docs/api/organisation-rbac.md "Roles", "Resources"): the role
// list, create / update / copy / delete, the whole permission set of a role (function, field and data
// permissions, replaced at once under the role's version), the role's users, and the resource tree the
// function permissions are chosen from. Writes are silent: the pages show the server's words next to
// what was attempted (409 answers such as "role in use" would otherwise only read "service error").
import type { DataScope, PickRange, RolePlatform } from '@ipdesk/core';
import type { RequestResult } from './call';
import type { ResourceTreeNode } from './menus';
import type { DataEnvelope } from './model';
import { request } from './request';

export interface RoleRow {
  sid: string;
  code: string;
  name: string;
  description: string | null;
  /** 1 enabled, 0 disabled. */
  status: 0 | 1;
  weight: number;
  platform: RolePlatform;
  show_sensitive: boolean;
  pick_range: PickRange;
  data_scope: DataScope;
  data_departments: string[];
  user_num?: number;
  version: number;
  created_at?: string;
  updated_at?: string;
}

/** What the role form edits (create and update). */
export interface RoleInput {
  code: string;
  name: string;
  description: string | null;
  status: 0 | 1;
  weight: number;
  platform: RolePlatform;
  show_sensitive: boolean;
  pick_range: PickRange;
}

// The permission set's shape is core's (shared with the server's response schema).
import type { FieldRule, ModelScope, RolePermissions } from '@ipdesk/core';
export type { FieldRule, ModelScope, RolePermissions };

export interface UserBrief {
  sid: string;
  account: string;
  name: string;
}

/** One node of GET /resource/do/tree (fetched with api/menus.ts fetchResourceTree). */
export type ResourceNode = ResourceTreeNode;

export interface RoleSearchAnswer {
  rows: RoleRow[];
  total: number;
}

const ROLE = '/webapi/model/role';

export function searchRoles(input: {
  iql?: string;
  rows?: number;
  start?: number;
}): Promise<RequestResult<DataEnvelope<RoleSearchAnswer>>> {
  return request({ url: `${ROLE}/do/search`, method: 'POST', body: input });
}

/** Enabled roles with their user counts, by weight. */
export function searchRolesForBoard(
  platform?: RolePlatform,
): Promise<
  RequestResult<DataEnvelope<Array<Pick<RoleRow, 'sid' | 'code' | 'name' | 'weight'> & { user_num: number }>>>
> {
  return request({
    url: `${ROLE}/do/search_for_board`,
    method: 'POST',
    body: platform === undefined ? {} : { platform },
    silent: true,
  });
}

export function fetchRole(sid: string): Promise<RequestResult<DataEnvelope<RoleRow>>> {
  return request({ url: `${ROLE}/${encodeURIComponent(sid)}` });
}

export function createRole(input: RoleInput): Promise<RequestResult<DataEnvelope<RoleRow>>> {
  return request({ url: `${ROLE}/do/create`, method: 'POST', body: input, silent: true });
}

/** Code and platform are fixed after creation and not sent. */
export function updateRole(
  input: { sid: string; version: number } & Omit<RoleInput, 'code' | 'platform'>,
): Promise<RequestResult<DataEnvelope<RoleRow>>> {
  return request({ url: `${ROLE}/do/update`, method: 'POST', body: input, silent: true });
}

/** Refused with 409309 (roleInUse) while users hold the role. */
export function deleteRole(sid: string): Promise<RequestResult<DataEnvelope<Record<string, never>>>> {
  return request({ url: `${ROLE}/do/delete/${encodeURIComponent(sid)}`, method: 'POST', body: {}, silent: true });
}

export function copyRole(sid: string): Promise<RequestResult<DataEnvelope<RoleRow>>> {
  return request({ url: `${ROLE}/do/copy`, method: 'POST', body: { sid }, silent: true });
}

export function fetchRolePermissions(sid: string): Promise<RequestResult<DataEnvelope<RolePermissions>>> {
  return request({ url: `${ROLE}/do/permissions/${encodeURIComponent(sid)}` });
}

/** Replaces the role's whole permission set; a stale version answers 409000. */
export function saveRolePermissions(input: RolePermissions): Promise<RequestResult<DataEnvelope<RolePermissions>>> {
  return request({ url: `${ROLE}/do/permissions`, method: 'POST', body: input, silent: true });
}

export function fetchRoleUsers(sid: string): Promise<RequestResult<DataEnvelope<UserBrief[]>>> {
  return request({ url: `${ROLE}/do/users/${encodeURIComponent(sid)}` });
}

export function changeRoleUsers(input: {
  sid: string;
  add?: string[];
  remove?: string[];
}): Promise<RequestResult<DataEnvelope<UserBrief[]>>> {
  return request({ url: `${ROLE}/do/users`, method: 'POST', body: input, silent: true });
}
