// {webapi} a case's relations: list them both ways, check one before saving (errors and warnings in
// the user's language), add one with the warnings the user confirmed, delete one.
import type { RelationType, SuccessEnvelope } from '@ipdesk/core';
import type { RequestResult } from '../../../api/call';
import type { DataEnvelope } from '../../../api/model';
import { request } from '../../../api/request';

export type Direction = 'parent' | 'child';

export interface RelationProblem {
  code: string;
  message: string;
}

export interface RelationCheckAnswer {
  errors: RelationProblem[];
  warnings: RelationProblem[];
}

export interface ListedRelation {
  sid: string;
  type: RelationType;
  type_label: string;
  /** What the other case is to this one. */
  role: Direction;
  parent_sid: string;
  child_sid: string;
  other: Record<string, unknown> & { sid: string };
  warnings: RelationProblem[];
  created_at: string;
}

export interface RelationInput {
  type: RelationType;
  other_sid: string;
  direction: Direction;
}

export interface CaseCallOptions {
  subCompanySid?: string;
}

export const relationKeys = {
  list: (sid: string) => ['model', 'patent', 'links', sid, 'relations'] as const,
  check: (sid: string, input: RelationInput) => ['model', 'patent', 'links', sid, 'relation-check', input] as const,
};

const base = (sid: string): string => `/webapi/patent/${encodeURIComponent(sid)}/relations`;

export function fetchRelations(
  sid: string,
  options: CaseCallOptions = {},
): Promise<RequestResult<DataEnvelope<ListedRelation[]>>> {
  return request({ url: base(sid), silent: true, ...options });
}

export function checkRelation(
  sid: string,
  input: RelationInput,
  options: CaseCallOptions = {},
): Promise<RequestResult<DataEnvelope<RelationCheckAnswer>>> {
  return request({ url: `${base(sid)}/check`, method: 'POST', body: input, silent: true, ...options });
}

export function createRelation(
  sid: string,
  input: RelationInput & { acknowledged: string[] },
  options: CaseCallOptions = {},
): Promise<RequestResult<DataEnvelope<{ sid: string; warnings: RelationProblem[] }>>> {
  return request({ url: base(sid), method: 'POST', body: input, silent: true, ...options });
}

export function deleteRelation(
  relationSid: string,
  options: CaseCallOptions = {},
): Promise<RequestResult<SuccessEnvelope>> {
  return request({
    url: `/webapi/patent/relations/${encodeURIComponent(relationSid)}/delete`,
    method: 'POST',
    body: {},
    silent: true,
    ...options,
  });
}
