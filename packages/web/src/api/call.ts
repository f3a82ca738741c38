// One HTTP exchange with the spec §7 headers and the spec §9 timeout, shared by request() (JSON) and
// fetchBlob() (files). It never throws for transport problems: a timeout or abort becomes "canceled",
// any other transport error "network"; classifying the answer is left to the caller. Calls made in the
// signed-in session carry the access token and, when it has expired, renew it once and are sent again.
import { HTTP_TIMEOUT_MS, OK_CODE, RESULT_CODES, errors, newSid } from '@ipdesk/core';
import { CLIENT_CLOSED_STATUS, type ErrorBody, type FailureFacts, type RequestFailure } from './failure';
import { reportFailure } from './failure-notifier';
import { buildRequestHeaders } from './headers';
import { getRequestContext } from './session-context';
import { announceSessionProblem, needsSessionReaction } from './unauthorized';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | undefined;

export interface RequestOptions {
  /** A service path such as "/webapi/front/search" (no base path, spec §2), or an absolute URL. */
  url: string;
  method?: HttpMethod;
  query?: Record<string, QueryValue>;
  /** Sent as JSON; FormData is sent as multipart (uploads). */
  body?: unknown;
  /** Override the session's sub-company / menu resource for this call. */
  subCompanySid?: string;
  menuResourceCode?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The caller handles failures itself: nothing is shown to the user. */
  silent?: boolean;
  /**
   * Made outside the signed-in session (sign-in, public key, token refresh, password reset): no
   * Authorization header, no token renewal, and no session reactions (sign-in redirect, logout tip).
   */
  anonymous?: boolean;
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

export type Exchange<B> =
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

/**
 * The access token to send: only for calls in the session and only to our own origin, so an absolute
 * URL elsewhere never receives it.
 */
export function authorizationFor(options: RequestOptions, url: string): string | undefined {
  if (options.anonymous) return undefined;
  if (new URL(url).origin !== window.location.origin) return undefined;
  return getRequestContext().authorization;
}

/** Sends the call and reads the body with `readBody`, both under the timeout. */
export async function exchange<B>(
  options: RequestOptions,
  meta: CallMeta,
  readBody: (response: Response) => Promise<B>,
  authorization: string | undefined = authorizationFor(options, meta.url),
): Promise<Exchange<B>> {
  const context = getRequestContext();
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  const hasJsonBody = options.body !== undefined && !isForm;
  const headers = buildRequestHeaders({
    requestId: meta.requestId,
    language: context.language,
    eventSource: window.location.pathname,
    subCompanySid: options.subCompanySid ?? context.subCompanySid,
    menuResourceCode: options.menuResourceCode ?? context.menuResourceCode,
    hasJsonBody,
    authorization,
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
      body: isForm ? (options.body as FormData) : hasJsonBody ? JSON.stringify(options.body) : null,
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

/**
 * Renews the access token the session layer holds; `expired` is the token the failed call was sent
 * with. Resolves true when a newer token is in place (renewed now, or already by a concurrent call).
 */
export type TokenRefresher = (expired: string) => Promise<boolean>;

let tokenRefresher: TokenRefresher | undefined;

/** Installs the session's token refresher; returns the function that removes it again. */
export function setTokenRefresher(next: TokenRefresher): () => void {
  tokenRefresher = next;
  return () => {
    if (tokenRefresher === next) tokenRefresher = undefined;
  };
}

/**
 * Sends the call in the session. When it answers 401 with code 30405 (access token expired), the token
 * is renewed once and the call sent again under a new request id; the second answer is final, so a
 * call is never sent more than twice. `codeOf` reads the envelope code of an answer's body.
 */
export async function sendCall<B>(
  options: RequestOptions,
  readBody: (response: Response) => Promise<B>,
  codeOf: (body: B) => Promise<number | undefined>,
): Promise<{ meta: CallMeta; answer: Exchange<B> }> {
  const meta = startCall(options);
  const sentWith = authorizationFor(options, meta.url);
  const answer = await exchange(options, meta, readBody, sentWith);
  if (!sentWith || !tokenRefresher || answer.kind !== 'answered' || answer.status !== 401) return { meta, answer };
  if ((await codeOf(answer.body)) !== errors.tokenExpired.code) return { meta, answer };
  if (!(await tokenRefresher(sentWith))) return { meta, answer };
  const retryMeta = startCall(options);
  return { meta: retryMeta, answer: await exchange(options, retryMeta, readBody) };
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

/** Builds the failure, tells the user (unless silent) and, for calls in the session, the session layer. */
export function fail<T>(options: RequestOptions, meta: CallMeta, facts: FailureFacts): RequestResult<T> {
  const failure: RequestFailure = { ...meta, ...facts };
  const code = facts.body?.code;
  if (!options.anonymous && facts.status !== undefined && needsSessionReaction(facts.status, code)) {
    announceSessionProblem({ status: facts.status, code, message: facts.body?.message, requestId: meta.requestId });
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
