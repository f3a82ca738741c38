// {webapi} the organisation (docs/api/organisation-rbac.md "Companies and departments"): the company
// list (built into a tree by the page), create / update (also moving under another parent) / delete,
// company administrators, and each company's departments. Writes are silent: the page shows the
// server's words ("not empty", "cannot move under itself") next to the attempted action.
import type { RequestResult } from './call';
import type { DataEnvelope } from './model';
import { request } from './request';
import type { UserBrief } from './roles';

export interface CompanyRow {
  sid: string;
  path: string;
  /** The names along the path, by company sid. */
  path_map?: Record<string, string>;
  company_name: string;
  simple_name: string | null;
  parent_sid: string | null;
  status: 0 | 1;
  sort_by: number;
  cname_capital: string | null;
  created_at?: string;
  version: number;
}

export interface CompanyInput {
  company_name: string;
  simple_name?: string | null;
  cname_capital?: string | null;
  sort_by?: number;
}

export interface DepartmentRow {
  sid: string;
  company_sid: string;
  parent_sid: string | null;
  path: string;
  name: string;
  name_en: string | null;
  code: string | null;
  status: 0 | 1;
  sort_by: number;
  /** A user (user_account) sid. */
  leader_sid: string | null;
  version: number;
}

export interface DepartmentNode extends DepartmentRow {
  children?: DepartmentNode[];
}

export interface DepartmentInput {
  name: string;
  name_en?: string | null;
  code?: string | null;
  sort_by?: number;
  leader_sid?: string | null;
}

/** The server's cap on the company list (spec §9). */
export const COMPANY_LIST_ROWS = 1000;

export function listCompanies(
  options: { silent?: boolean } = {},
): Promise<RequestResult<DataEnvelope<{ rows: CompanyRow[]; total: number }>>> {
  return request({ url: '/webapi/company/do/list', method: 'POST', body: { rows: COMPANY_LIST_ROWS }, ...options });
}

export function createCompany(
  input: CompanyInput & { parent_sid: string },
): Promise<RequestResult<DataEnvelope<CompanyRow>>> {
  return request({ url: '/webapi/company/do/create', method: 'POST', body: input, silent: true });
}

/** Also moves the company when parent_sid is given (400306 under itself or a descendant). */
export function updateCompany(
  input: { sid: string; version: number; parent_sid?: string } & Partial<CompanyInput>,
): Promise<RequestResult<DataEnvelope<CompanyRow>>> {
  return request({ url: '/webapi/company/do/update', method: 'POST', body: input, silent: true });
}

/** Refused with 409308 while the company has sub-companies, departments or members. */
export function deleteCompany(sid: string): Promise<RequestResult<DataEnvelope<Record<string, never>>>> {
  return request({
    url: `/webapi/company/do/delete/${encodeURIComponent(sid)}`,
    method: 'POST',
    body: {},
    silent: true,
  });
}

export function fetchCompanyAdmins(sid: string): Promise<RequestResult<DataEnvelope<UserBrief[]>>> {
  return request({ url: `/webapi/company/do/admins/${encodeURIComponent(sid)}`, silent: true });
}

/** Replaces the company's administrators. */
export function saveCompanyAdmins(input: {
  sid: string;
  user_sids: string[];
}): Promise<RequestResult<DataEnvelope<UserBrief[]>>> {
  return request({ url: '/webapi/company/do/admins', method: 'POST', body: input, silent: true });
}

/** The departments of one company as a tree; of every company when companySid is undefined. */
export function fetchDepartmentTree(companySid?: string): Promise<RequestResult<DataEnvelope<DepartmentNode[]>>> {
  return request({ url: '/webapi/department/do/tree', query: { company_sid: companySid } });
}

export function createDepartment(
  input: DepartmentInput & { company_sid: string; parent_sid?: string | null },
): Promise<RequestResult<DataEnvelope<DepartmentRow>>> {
  return request({ url: '/webapi/department/do/create', method: 'POST', body: input, silent: true });
}

/** Also moves the department when parent_sid is given (400306 under itself or a descendant). */
export function updateDepartment(
  input: { sid: string; version: number; parent_sid?: string | null } & Partial<DepartmentInput>,
): Promise<RequestResult<DataEnvelope<DepartmentRow>>> {
  return request({ url: '/webapi/department/do/update', method: 'POST', body: input, silent: true });
}

/** Refused with 409307 while the department has children or persons. */
export function deleteDepartment(sid: string): Promise<RequestResult<DataEnvelope<Record<string, never>>>> {
  return request({
    url: `/webapi/department/do/delete/${encodeURIComponent(sid)}`,
    method: 'POST',
    body: {},
    silent: true,
  });
}
