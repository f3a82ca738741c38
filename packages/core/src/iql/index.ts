// iql, the query language of do/search and do/count: parse text to a syntax tree, print a tree back as
// canonical text, and the errors and limits both sides share (docs/iql.md).
import type { IqlQuery } from './ast.js';
import { IqlError } from './errors.js';
import { parseIql } from './parser.js';

export type * from './ast.js';
export { IqlError, isIqlError, IQL_EXCERPT_LENGTH, type IqlErrorCode, type IqlErrorParams } from './errors.js';
export { IQL_RESERVED_WORDS, isIqlReservedWord, type IqlReservedWord } from './keywords.js';
export { IQL_LIMITS } from './limits.js';
export { parseIql } from './parser.js';
export { printIql } from './printer.js';
export { stripSpans, type WithoutSpans } from './spans.js';

export type IqlParseResult = { ok: true; query: IqlQuery } | { ok: false; error: IqlError };

/** parseIql without the throw: for form validation, where a bad query is an expected outcome. */
export function tryParseIql(text: string): IqlParseResult {
  try {
    return { ok: true, query: parseIql(text) };
  } catch (error) {
    if (error instanceof IqlError) return { ok: false, error };
    throw error;
  }
}
