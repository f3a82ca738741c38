// The headers every API call carries (spec §7), built from plain inputs so a test can check them.
import { HEADERS, SOURCE_CLIENT_WEB, type Language } from '@ipdesk/core';

export interface HeaderInputs {
  requestId: string;
  language: Language;
  /** The page the call was made from. */
  eventSource: string;
  subCompanySid?: string | undefined;
  menuResourceCode?: string | undefined;
  hasJsonBody: boolean;
  /** The access token, when the call is made in the signed-in session. */
  authorization?: string | undefined;
}

export function buildRequestHeaders(inputs: HeaderInputs): Record<string, string> {
  const headers: Record<string, string> = {
    'cache-control': 'no-cache',
    accept: 'application/json, */*',
    [HEADERS.requestedWith]: 'XMLHttpRequest',
    [HEADERS.sourceClient]: SOURCE_CLIENT_WEB,
    [HEADERS.requestId]: inputs.requestId,
    [HEADERS.language]: inputs.language,
    [HEADERS.eventSource]: inputs.eventSource,
  };
  if (inputs.subCompanySid) headers[HEADERS.subCompany] = inputs.subCompanySid;
  if (inputs.menuResourceCode) headers[HEADERS.menuResource] = inputs.menuResourceCode;
  if (inputs.hasJsonBody) headers['content-type'] = 'application/json';
  if (inputs.authorization) headers.authorization = `Bearer ${inputs.authorization}`;
  return headers;
}
