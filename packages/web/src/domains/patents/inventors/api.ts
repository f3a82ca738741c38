// {webapi} a case's inventors: read the list, replace it (with the case's version). Calls are silent:
// the tab shows the server's words next to the table.
import type { RequestResult } from '../../../api/call';
import type { DataEnvelope } from '../../../api/model';
import { request } from '../../../api/request';

export interface Inventor {
  position: number;
  person_sid: string | null;
  name: string;
  contribution: number;
}

export interface InventorDraft {
  name: string;
  contribution: number;
  person_sid: string | null;
}

export interface CaseCallOptions {
  subCompanySid?: string;
}

/** Query keys under the patent model's, so refreshing the model's queries refreshes these too. */
export const inventorKeys = {
  list: (sid: string) => ['model', 'patent', 'links', sid, 'inventors'] as const,
};

const base = (sid: string): string => `/webapi/patent/${encodeURIComponent(sid)}/inventors`;

export function fetchInventors(
  sid: string,
  options: CaseCallOptions = {},
): Promise<RequestResult<DataEnvelope<Inventor[]>>> {
  return request({ url: base(sid), silent: true, ...options });
}

export function saveInventors(
  sid: string,
  body: { version: number; inventors: InventorDraft[] },
  options: CaseCallOptions = {},
): Promise<RequestResult<DataEnvelope<{ version: number; inventors: Inventor[] }>>> {
  return request({ url: base(sid), method: 'POST', body, silent: true, ...options });
}

/** An active person who may be named as an inventor (within the caller's selection range). */
export interface InventorCandidate {
  sid: string;
  name: string;
  job_number: string | null;
}

export function searchInventorCandidates(keyword: string): Promise<RequestResult<DataEnvelope<InventorCandidate[]>>> {
  const query = keyword ? `?keyword=${encodeURIComponent(keyword)}` : '';
  return request({ url: `/webapi/patent-inventor-candidates${query}`, silent: true });
}
