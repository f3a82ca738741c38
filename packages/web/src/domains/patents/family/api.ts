// {webapi} a case's family across countries: the cases reachable through relations or a shared family
// ID (those the user may see) and the relations between them.
import type { RelationType } from '@ipdesk/core';
import type { RequestResult } from '../../../api/call';
import type { DataEnvelope } from '../../../api/model';
import { request } from '../../../api/request';

export interface FamilyNode extends Record<string, unknown> {
  sid: string;
  sn: string | null;
  country: string | null;
}

export interface FamilyEdge {
  sid: string;
  parent_sid: string;
  child_sid: string;
  type: RelationType;
}

export interface FamilyAnswer {
  root: string;
  nodes: FamilyNode[];
  edges: FamilyEdge[];
  truncated: boolean;
}

export const familyKeys = {
  tree: (sid: string) => ['model', 'patent', 'links', sid, 'family'] as const,
};

export function fetchFamily(
  sid: string,
  options: { subCompanySid?: string } = {},
): Promise<RequestResult<DataEnvelope<FamilyAnswer>>> {
  return request({ url: `/webapi/patent/${encodeURIComponent(sid)}/family`, silent: true, ...options });
}
