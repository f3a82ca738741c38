// One HTTP exchange with the spec §7 headers and the spec §9 timeout, shared by request() (JSON) and
// fetchBlob() (files). It never throws for transport problems: a timeout or abort becomes "canceled",
// any other transport error "network"; classifying the answer is left to the caller.
import { HTTP_TIMEOUT_MS, OK_CODE, RESULT_CODES, newSid } from '@ipdesk/core';
import { CLIENT_CLOSED_STATUS, type ErrorBody, type FailureFacts, type RequestFailure } from './failure';
import { reportFailure } from './failure-notifier';
import { buildRequestHeaders } from './headers';
import { getRequestContext } from './session-context';
import { announceUnauthorized, isUnauthorized } from './unauthorized';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | undefined;

export interface RequestOptions {
  /** A service path such as "/webapi/front/search" (no base path, spec §2), or an absolute URL. */
  url: string;
  method?: HttpMethod;
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Override the session's sub-company / menu resource for this call. */
  subCompanySid?: string;
  menuResourceCode?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The caller handles failures itself: nothing is shown to the user. */
  silent?: boolean;
}

/**
 * Calls resolve to a result instead of throwing: a failed call is an ordinary outcome the caller
 * branches on with the spec §4 result codes, and by then the user has already been told (unless
 * `silent`). Only programming errors throw.
 */
export type RequestResult<T> =
  | { result: typeof RESULT_CODES.success; data: T; status: number; requestId: string }
  | { result: FailureFacts['result']; error: RequestFailure };

export interface CallMeta {
  requestId: string;
  method: HttpMethod;
  url: string;
  time: string;
}

type Exchange<B> =
  | { kind: 'answered'; status: number; headers: Headers; body: B }
  | { kind: 'unanswered'; result: typeof RESULT_CODES.canceled | typeof RESULT_CODES.network };

function buildUrl(url: string, query: RequestOptions['query']): string {
  const target = new URL(url, window.location.origin);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) target.searchParams.set(name, String(value));
  }
  return target.href;
}

export function startCall(options: RequestOptions): CallMeta {
  return {
    requestId: newSid(),
    method: options.method ?? 'GET',
    url: buildUrl(options.url, options.query),
    time: new Date().toISOString(),
  };
}

/** Sends the call and reads the body with `readBody`, both under the timeout. */
export async function exchange<B>(
  options: RequestOptions,
  meta: CallMeta,
  readBody: (response: Response) => Promise<B>,
): Promise<Exchange<B>> {
  const context = getRequestContext();
  const hasJsonBody = options.body !== undefined;
  const headers = buildRequestHeaders({
    requestId: meta.requestId,
    language: context.language,
    eventSource: window.location.pathname,
    subCompanySid: options.subCompanySid ?? context.subCompanySid,
    menuResourceCode: options.menuResourceCode ?? context.menuResourceCode,
    hasJsonBody,
  });
  const controller = new AbortController();
  const abort = (): void => controller.abort();
  const timer = setTimeout(abort, options.timeoutMs ?? HTTP_TIMEOUT_MS);
  options.signal?.addEventListener('abort', abort, { once: true });
  if (options.signal?.aborted) abort();
  try {
    const response = await fetch(meta.url, {
      method: meta.method,
      headers,
      body: hasJsonBody ? JSON.stringify(options.body) : null,
      signal: controller.signal,
      credentials: 'same-origin',
    });
    const body = await readBody(response);
    return { kind: 'answered', status: response.status, headers: response.headers, body };
  } catch {
    return { kind: 'unanswered', result: controller.signal.aborted ? RESULT_CODES.canceled : RESULT_CODES.network };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abort);
  }
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The error fields of a JSON body, or undefined when it is not an object. Blob endpoints put their
 * message in error_message (spec §8), the envelope in message; the more specific one wins.
 */
export function errorBodyOf(json: unknown): ErrorBody | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const raw = json as Record<string, unknown>;
  const message = [raw.error_message, raw.message].find((value): value is string => typeof value === 'string');
  const body: ErrorBody = {};
  if (typeof raw.code === 'number') body.code = raw.code;
  if (message !== undefined) body.message = message;
  if (typeof raw.request_id === 'string') body.requestId = raw.request_id;
  if (Array.isArray(raw.fields)) body.fields = raw.fields.filter(isFieldError);
  return body;
}

function isFieldError(value: unknown): value is NonNullable<ErrorBody['fields']>[number] {
  if (typeof value !== 'object' || value === null) return false;
  const { field, label, message } = value as Record<string, unknown>;
  return typeof field === 'string' && typeof label === 'string' && typeof message === 'string';
}

/** True for a success envelope, or JSON that is no envelope at all (code absent). */
export function isSuccessCode(body: ErrorBody): boolean {
  return body.code === undefined || body.code === OK_CODE;
}

/** Builds the failure, tells the user (unless silent) and the unauthorized listeners. */
export function fail<T>(options: RequestOptions, meta: CallMeta, facts: FailureFacts): RequestResult<T> {
  const failure: RequestFailure = { ...meta, ...facts };
  if (facts.status !== undefined && isUnauthorized(facts.status, facts.body?.code)) {
    announceUnauthorized({ status: facts.status, code: facts.body?.code, requestId: meta.requestId });
  }
  if (!options.silent) reportFailure(failure);
  return { result: facts.result, error: failure };
}

/** Classifies an HTTP answer that is not a success: readable error body or not. */
export function answerFailure(status: number, json: unknown): FailureFacts {
  if (status === CLIENT_CLOSED_STATUS) return { result: RESULT_CODES.canceled, status };
  const body = errorBodyOf(json);
  return body ? { result: RESULT_CODES.other, status, body } : { result: RESULT_CODES.unknown, status };
}
