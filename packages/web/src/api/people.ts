// {webapi} people actions (docs/api/organisation-rbac.md "People"): login accounts of persons and agents,
// a person's resignation, closing and reopening agencies; plus what their dialogs pick from: roles
// (POST model/role/do/search, open to every signed-in user) and the department tree. The actions are
// silent: their dialogs show the server's words next to the form.
import type { SuccessEnvelope } from '@ipdesk/core';
import type { RequestResult } from './call';
import type { DataEnvelope, ModelRow } from './model';
import { request } from './request';

/** The models whose records can have a login account. */
export type AccountModel = 'person' | 'agent';

/** Role platforms: 1 enterprise users (persons), 2 agency users (agents). */
export type RolePlatform = 1 | 2;

export const ACCOUNT_PLATFORM: Record<AccountModel, RolePlatform> = { person: 1, agent: 2 };

export interface OpenAccountInput {
  sid: string;
  account: string;
  role_sids: string[];
}

/** The generated initial password is shown once; it must be changed at the first sign-in. */
export interface OpenAccountAnswer {
  user_sid: string;
  account: string;
  initial_password: string;
}

export interface ResignInput {
  sid: string;
  version: number;
  handover_person_sid: string;
  /** YYYY-MM-DD; the server takes today when absent. */
  resigned_on?: string;
}

/** A role as pickers see it (callers without system.roles get only these columns). */
export interface RoleOption {
  sid: string;
  code: string;
  name: string;
  status: number;
  platform: RolePlatform;
  weight?: number;
  description?: string | null;
}

export interface RoleSearchInput {
  iql?: string;
  fl?: string[];
  start?: number;
  /** At most 1000; default 20. */
  rows?: number;
}

/** A department with its sub-departments. */
export interface DepartmentNode {
  sid: string;
  company_sid: string;
  parent_sid: string | null;
  path?: string;
  name: string;
  name_en?: string | null;
  code?: string | null;
  /** 1 enabled, 0 disabled (cannot be referenced any more). */
  status: number;
  sort_by?: number;
  leader_sid?: string | null;
  version?: number;
  children?: DepartmentNode[];
}

/** The company the record is in (the detail page's link), sent as x-sub-company-sid. */
export interface ActionOptions {
  subCompanySid?: string;
}

const model = (name: string): string => `/webapi/model/${name}/do`;

export function openAccount(
  target: AccountModel,
  input: OpenAccountInput,
  options: ActionOptions = {},
): Promise<RequestResult<DataEnvelope<OpenAccountAnswer>>> {
  return request({ url: `${model(target)}/open_account`, method: 'POST', body: input, silent: true, ...options });
}

export function closeAccount(
  target: AccountModel,
  sid: string,
  options: ActionOptions = {},
): Promise<RequestResult<SuccessEnvelope>> {
  return request({ url: `${model(target)}/close_account`, method: 'POST', body: { sid }, silent: true, ...options });
}

/** The person's account is closed and their open to-dos go to the handover person. */
export function resignPerson(
  input: ResignInput,
  options: ActionOptions = {},
): Promise<RequestResult<DataEnvelope<ModelRow>>> {
  return request({ url: `${model('person')}/resign`, method: 'POST', body: input, silent: true, ...options });
}

export function searchRoles(
  input: RoleSearchInput,
): Promise<RequestResult<DataEnvelope<{ rows: RoleOption[]; total: number }>>> {
  return request({ url: `${model('role')}/search`, method: 'POST', body: input, silent: true });
}

/** The enabled roles of a platform, by weight: what an account can be given. */
export function enabledRoles(
  platform: RolePlatform,
): Promise<RequestResult<DataEnvelope<{ rows: RoleOption[]; total: number }>>> {
  return searchRoles({ iql: `platform = ${platform} AND status = 1`, rows: 1000 });
}

/** The tenant's departments as a tree; one company's when `companySid` is given. */
export function fetchDepartmentTree(companySid?: string): Promise<RequestResult<DataEnvelope<DepartmentNode[]>>> {
  return request({ url: '/webapi/department/do/tree', query: { company_sid: companySid }, silent: true });
}
