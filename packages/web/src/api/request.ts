// request<T>(): a JSON API call with the spec §7 headers, the §9 timeout and the §8 failure reactions.
// See RequestResult in ./call for why it resolves to a result instead of throwing.
import { RESULT_CODES } from '@ipdesk/core';
import {
  answerFailure,
  errorBodyOf,
  fail,
  isSuccessCode,
  parseJson,
  sendCall,
  type RequestOptions,
  type RequestResult,
} from './call';

/**
 * Sends one call. `T` is the shape of the whole JSON answer (the envelope); for endpoints that may
 * answer 204 with no body, include undefined in T.
 */
export async function request<T>(options: RequestOptions): Promise<RequestResult<T>> {
  const { meta, answer } = await sendCall(
    options,
    (response) => response.text(),
    async (text) => errorBodyOf(parseJson(text))?.code,
  );
  if (answer.kind === 'unanswered') return fail(options, meta, { result: answer.result });

  const { status, body: text } = answer;
  const json = parseJson(text);
  if (status < 200 || status >= 300) return fail(options, meta, answerFailure(status, json));
  if (text === '') return { result: RESULT_CODES.success, data: undefined as T, status, requestId: meta.requestId };
  if (json === undefined) return fail(options, meta, { result: RESULT_CODES.unknown, status });

  const body = errorBodyOf(json);
  if (body && !isSuccessCode(body)) return fail(options, meta, { result: RESULT_CODES.other, status, body });
  return { result: RESULT_CODES.success, data: json as T, status, requestId: meta.requestId };
}
