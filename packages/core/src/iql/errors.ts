// IqlError: what went wrong in a query, where (a span for highlighting, a 1-based position for people)
// and how to say it in either language (an i18n key plus its parameters).
import { iqlEn } from '../i18n/iql.en.js';
import type { IqlMessageKey } from '../i18n/iql.zh-CN.js';
import { interpolate } from '../i18n/index.js';
import type { Span } from './ast.js';

/** Stable codes: clients may branch on them, so a code is never renamed or reused. */
export type IqlErrorCode =
  | 'too_long'
  | 'unexpected_character'
  | 'unterminated_string'
  | 'string_too_long'
  | 'invalid_number'
  | 'unexpected_token'
  | 'unexpected_end'
  | 'too_deep'
  | 'too_many_terms'
  | 'too_many_values'
  | 'too_many_order_terms'
  | 'empty_in_list'
  | 'invalid_field'
  | 'field_too_long'
  | 'invalid_window'
  | 'empty_pattern'
  | 'invalid_pattern';

export type IqlErrorParams = Record<string, string | number>;

/** Most characters of the query a message may quote, so an error never echoes a whole hostile text. */
export const IQL_EXCERPT_LENGTH = 40;

export class IqlError extends Error {
  readonly code: IqlErrorCode;
  readonly span: Span;
  readonly messageKey: IqlMessageKey;
  readonly params: IqlErrorParams;

  constructor(code: IqlErrorCode, messageKey: IqlMessageKey, span: Span, params: IqlErrorParams) {
    // The English text is for logs and stack traces; users get messageKey + params in their language.
    super(interpolate(iqlEn[messageKey], params));
    this.name = 'IqlError';
    this.code = code;
    this.messageKey = messageKey;
    this.span = span;
    this.params = params;
  }
}

export function isIqlError(value: unknown): value is IqlError {
  return value instanceof IqlError;
}

/** The 1-based character position of an offset, counting a character outside the BMP (an emoji) once. */
export function positionOf(text: string, offset: number): number {
  let position = 1;
  for (let i = 0; i < offset && i < text.length; i++) {
    const code = text.charCodeAt(i);
    const isHighSurrogate = code >= 0xd800 && code <= 0xdbff;
    if (isHighSurrogate && i + 1 < offset && isLowSurrogate(text.charCodeAt(i + 1))) i++;
    position++;
  }
  return position;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** The text of a span as a message may show it: at most 40 characters, control characters as U+XXXX. */
export function excerpt(text: string, span: Span): string {
  const characters = Array.from(text.slice(span.start, span.end));
  const shown = characters.slice(0, IQL_EXCERPT_LENGTH).map(visible).join('');
  return characters.length > IQL_EXCERPT_LENGTH ? `${shown}…` : shown;
}

function visible(character: string): string {
  const code = character.codePointAt(0) ?? 0;
  const isControl = code < 0x20 || (code >= 0x7f && code <= 0x9f);
  return isControl ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}` : character;
}

/** An error at a span of the text, with the position filled in from the span's start. */
export function iqlErrorAt(
  text: string,
  code: IqlErrorCode,
  messageKey: IqlMessageKey,
  span: Span,
  params: IqlErrorParams = {},
): IqlError {
  return new IqlError(code, messageKey, span, { position: positionOf(text, span.start), ...params });
}
