// What the user is told when a call fails (spec §8), decided by a pure function so every case is
// unit-tested without a browser. The notice is returned as an i18n key or the server's own text
// (already in the request's language); translating and showing it is the notifier's job.
import {
  RESULT_CODES,
  RESULT_MESSAGES,
  VALIDATION_CODES,
  type FieldError,
  type MessageKey,
  type ResultCode,
  type ResultName,
} from '@ipdesk/core';

export type FailureResult = Exclude<ResultCode, typeof RESULT_CODES.success>;

/** The parts of a failed answer's JSON body the client uses. */
export interface ErrorBody {
  code?: number;
  message?: string;
  requestId?: string;
  fields?: FieldError[];
}

export interface FailureFacts {
  result: FailureResult;
  /** HTTP status when the server answered at all. */
  status?: number;
  /** The answer's body when it was JSON. */
  body?: ErrorBody;
}

/** A failed call as the caller sees it, with what support needs to find it in the logs. */
export interface RequestFailure extends FailureFacts {
  requestId: string;
  method: string;
  url: string;
  /** When the call was sent, ISO 8601. */
  time: string;
}

export type FailureNotice =
  | { kind: 'silent' }
  | { kind: 'text'; key: MessageKey; params?: Record<string, string> }
  | { kind: 'server'; text: string };

const SILENT_STATUSES: ReadonlySet<number> = new Set([401, 404]);
const SERVER_MESSAGE_STATUSES: ReadonlySet<number> = new Set([400, 403]);
/**
 * Refusals the user can act on that this server answers with other statuses: a business rule or a newer
 * version (409), too large (413), a file type (415), too many tries (429). Spec §8 shows the service error for
 * "other statuses"; that reads right for a proxy's or a crash's answer, but "service error, try later" for
 * "this category still has subcategories" tells the user nothing true. So their message is shown when the
 * body carries one of this server's codes for that status (409920 for a 409: the status, then three digits).
 */
const EXPLAINED_STATUSES: ReadonlySet<number> = new Set([409, 413, 415, 429]);

function explainedByServer(status: number, body: ErrorBody | undefined): boolean {
  return EXPLAINED_STATUSES.has(status) && body?.code !== undefined && Math.floor(body.code / 1000) === status;
}
/** nginx's "client closed request"; spec §8 treats it like a cancelled call. */
export const CLIENT_CLOSED_STATUS = 499;

const RESULT_MESSAGE_BY_CODE = Object.fromEntries(
  (Object.keys(RESULT_CODES) as ResultName[]).map((name) => [RESULT_CODES[name], RESULT_MESSAGES[name]]),
) as Record<ResultCode, MessageKey>;

/** A notice that shows something. */
export type VisibleNotice = Exclude<FailureNotice, { kind: 'silent' }>;

function resultText(result: ResultCode): VisibleNotice {
  return { kind: 'text', key: RESULT_MESSAGE_BY_CODE[result] };
}

/** The server's own words: the first failing field for validation codes, else its message. */
function serverText(body: ErrorBody | undefined): VisibleNotice | undefined {
  if (!body) return undefined;
  const firstField = body.fields?.[0];
  if (firstField && body.code !== undefined && VALIDATION_CODES.includes(body.code)) {
    return { kind: 'text', key: 'validation.field', params: { label: firstField.label, message: firstField.message } };
  }
  return body.message ? { kind: 'server', text: body.message } : undefined;
}

export function describeFailure({ result, status, body }: FailureFacts): FailureNotice {
  if (status !== undefined && SILENT_STATUSES.has(status)) return { kind: 'silent' };
  if (result === RESULT_CODES.canceled || status === CLIENT_CLOSED_STATUS) return resultText(RESULT_CODES.canceled);
  if (result === RESULT_CODES.network || result === RESULT_CODES.database) return resultText(result);
  // A 2xx answer that is still a failure (a JSON error body, or a body we cannot read): there is no
  // status rule for it, so the server's words if any, else "system busy".
  if (status === undefined || (status >= 200 && status < 300)) {
    return serverText(body) ?? resultText(RESULT_CODES.unknown);
  }
  if (SERVER_MESSAGE_STATUSES.has(status)) return serverText(body) ?? resultText(RESULT_CODES.unknown);
  if (explainedByServer(status, body)) return serverText(body) ?? { kind: 'text', key: 'request.serviceError' };
  return { kind: 'text', key: 'request.serviceError' };
}

/**
 * For a form that shows its own failures inline (sign-in, reset, profile): the server's words whatever
 * the status (429 "too many", 409 "changed by someone else", 503 "mail not configured" are all worth
 * reading), the first field for validation codes, else what the global rules would show.
 */
export function inlineNotice(facts: FailureFacts): VisibleNotice {
  const own = serverText(facts.body);
  if (own) return own;
  const notice = describeFailure(facts);
  return notice.kind === 'silent' ? resultText(RESULT_CODES.unknown) : notice;
}
