// The response envelope every API answer uses, and the request headers of spec §7.
import type { FieldError } from '../errors/app-error.js';

export interface SuccessEnvelope {
  code: 0;
  message: string;
  request_id: string;
}

export interface ErrorEnvelope {
  code: number;
  message: string;
  request_id: string;
  /** For 500001/500005: the failing fields, first one first. */
  fields?: FieldError[];
}

/** Header names sent by the web client on every API call (spec §7). Lower case, as Node sees them. */
export const HEADERS = {
  requestId: 'x-request-id',
  language: 'x-language',
  requestedWith: 'x-requested-with',
  sourceClient: 'x-source-client',
  eventSource: 'x-event-source',
  subCompany: 'x-sub-company-sid',
  menuResource: 'x-menu-resource-code',
} as const;

export const SOURCE_CLIENT_WEB = 'ipdesk-web';

/** Service prefixes of spec §7; requests under these use no base path. */
export const SERVICE_PREFIXES = ['/passport', '/webapi', '/openapi', '/openapi-external', '/account'] as const;
export type ServicePrefix = (typeof SERVICE_PREFIXES)[number];
