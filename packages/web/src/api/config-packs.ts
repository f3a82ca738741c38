// {webapi} configuration packs (docs/api/organisation-rbac.md "Configuration packs"): the tenant's packs,
// their content (validated by the server on save), applying one to a company as a durable job, and the
// jobs (spec §4: waiting → in_progress → completed | failed). Writes are silent: the page shows the
// server's validation messages next to the editor.
import type { RequestResult } from './call';
import type { DataEnvelope } from './model';
import { request } from './request';

export const JOB_STATUSES = ['waiting', 'in_progress', 'completed', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export interface ConfigPackSummary {
  sid: string;
  name: string;
  summary: { roles: number; dictionaries: number; custom_fields?: number; menus?: number };
  updated_at: string;
}

export interface ConfigPack {
  sid: string;
  name: string;
  content: unknown;
  updated_at: string;
}

export interface ConfigJob {
  sid: string;
  pack_sid: string;
  pack_name: string;
  company_sid: string;
  status: JobStatus;
  progress: number;
  total: number;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

const PACK = '/webapi/config_pack';

export function listConfigPacks(): Promise<RequestResult<DataEnvelope<ConfigPackSummary[]>>> {
  return request({ url: `${PACK}/do/list` });
}

export function fetchConfigPack(sid: string): Promise<RequestResult<DataEnvelope<ConfigPack>>> {
  return request({ url: `${PACK}/${encodeURIComponent(sid)}` });
}

export function saveConfigPack(input: {
  sid?: string;
  name: string;
  content: unknown;
}): Promise<RequestResult<DataEnvelope<ConfigPack>>> {
  return request({ url: `${PACK}/do/save`, method: 'POST', body: input, silent: true });
}

export function applyConfigPack(input: {
  pack_sid: string;
  company_sid: string;
}): Promise<RequestResult<DataEnvelope<ConfigJob>>> {
  return request({ url: `${PACK}/do/apply`, method: 'POST', body: input, silent: true });
}

/** The company's jobs, newest first (at most 100). */
export function listConfigJobs(companySid: string): Promise<RequestResult<DataEnvelope<ConfigJob[]>>> {
  return request({ url: `${PACK}/do/jobs`, query: { company_sid: companySid } });
}

export function fetchConfigJob(sid: string): Promise<RequestResult<DataEnvelope<ConfigJob>>> {
  return request({ url: `${PACK}/do/job/${encodeURIComponent(sid)}` });
}
