// Cuts iql text into tokens, one at a time, in a single left-to-right pass: every character is looked
// at a bounded number of times and no regular expression is used, so the work is linear in the text.
import type { CompareOperator, Span } from './ast.js';
import { excerpt, iqlErrorAt } from './errors.js';
import { IQL_LIMITS } from './limits.js';

export type Token =
  /** A name or keyword; `keyword` is the upper-cased word, compared against keywords. */
  | { kind: 'word'; text: string; keyword: string; start: number; end: number }
  | { kind: 'string'; value: string; start: number; end: number }
  | { kind: 'number'; value: number; start: number; end: number }
  | { kind: 'operator'; operator: CompareOperator; start: number; end: number }
  | { kind: '(' | ')' | ',' | '.' | 'end'; start: number; end: number };

const QUOTE = 0x27;
const MINUS = 0x2d;
const DOT = 0x2e;

export class Lexer {
  private offset = 0;

  constructor(private readonly text: string) {}

  /** The next token; at the end of the text, an 'end' token (again on every further call). */
  next(): Token {
    const text = this.text;
    let i = this.offset;
    while (i < text.length && isSpace(text.charCodeAt(i))) i++;
    const start = i;
    if (start >= text.length) {
      this.offset = start;
      return { kind: 'end', start, end: start };
    }
    const code = text.charCodeAt(start);
    const char = text[start] ?? '';
    let token: Token;
    if (isWordStart(code)) token = this.word(start);
    else if (isDigit(code) || (code === MINUS && isDigit(text.charCodeAt(start + 1)))) token = this.number(start);
    else if (code === QUOTE) token = this.string(start);
    else if (char === '(' || char === ')' || char === ',' || char === '.')
      token = { kind: char, start, end: start + 1 };
    else token = this.operator(start);
    this.offset = token.end;
    return token;
  }

  private word(start: number): Token {
    let i = start + 1;
    while (i < this.text.length && isWordPart(this.text.charCodeAt(i))) i++;
    const text = this.text.slice(start, i);
    return { kind: 'word', text, keyword: text.toUpperCase(), start, end: i };
  }

  /** -?digits[.digits]; whatever letters, digits or dots stick to it make the whole run one bad number. */
  private number(start: number): Token {
    const text = this.text;
    let i = start + 1;
    while (isDigit(text.charCodeAt(i))) i++;
    if (text.charCodeAt(i) === DOT && isDigit(text.charCodeAt(i + 1))) {
      i += 2;
      while (isDigit(text.charCodeAt(i))) i++;
    }
    let end = i;
    while (end < text.length && (isWordPart(text.charCodeAt(end)) || text.charCodeAt(end) === DOT)) end++;
    const span = { start, end };
    // Numbers beyond 2^53 would silently lose digits, and -0 would print as 0: refuse the first, fold the second.
    const value = Number(text.slice(start, end));
    if (end !== i || !Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER) {
      throw iqlErrorAt(text, 'invalid_number', 'iql.error.invalidNumber', span, { found: excerpt(text, span) });
    }
    return { kind: 'number', value: value === 0 ? 0 : value, start, end };
  }

  /** '...' with '' for a quote inside; any other character, newlines and Chinese included, stands for itself. */
  private string(start: number): Token {
    const text = this.text;
    let value = '';
    let chunk = start + 1;
    let i = chunk;
    for (;;) {
      if (i >= text.length) {
        throw iqlErrorAt(text, 'unterminated_string', 'iql.error.unterminatedString', { start, end: text.length });
      }
      const code = text.charCodeAt(i);
      if (code === QUOTE) {
        value += text.slice(chunk, i);
        if (text.charCodeAt(i + 1) !== QUOTE) break;
        value += "'";
        i += 2;
        chunk = i;
      } else if (code === 0) {
        // PostgreSQL text cannot hold NUL: refuse it here rather than fail later in the database.
        const span = { start: i, end: i + 1 };
        throw iqlErrorAt(text, 'unexpected_character', 'iql.error.unexpectedCharacter', span, {
          found: excerpt(text, span),
        });
      } else {
        i++;
      }
    }
    const end = i + 1;
    if (value.length > IQL_LIMITS.maxStringLength) {
      throw iqlErrorAt(
        text,
        'string_too_long',
        'iql.error.stringTooLong',
        { start, end },
        {
          max: IQL_LIMITS.maxStringLength,
        },
      );
    }
    return { kind: 'string', value, start, end };
  }

  private operator(start: number): Token {
    const text = this.text;
    const first = text[start];
    const second = text[start + 1];
    const two = (operator: CompareOperator): Token => ({ kind: 'operator', operator, start, end: start + 2 });
    const one = (operator: CompareOperator): Token => ({ kind: 'operator', operator, start, end: start + 1 });
    if (first === '=') return one('=');
    if (first === '!' && second === '=') return two('!=');
    if (first === '<' && second === '>') return two('!=');
    if (first === '<') return second === '=' ? two('<=') : one('<');
    if (first === '>') return second === '=' ? two('>=') : one('>');
    const width = isHighSurrogate(text.charCodeAt(start)) && isLowSurrogate(text.charCodeAt(start + 1)) ? 2 : 1;
    const span: Span = { start, end: start + width };
    throw iqlErrorAt(text, 'unexpected_character', 'iql.error.unexpectedCharacter', span, {
      found: excerpt(text, span),
    });
  }
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

function isWordStart(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x5f;
}

function isWordPart(code: number): boolean {
  return isWordStart(code) || isDigit(code);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * ASCII white space plus the Unicode spaces (U+00A0, U+3000 from Chinese input methods, ...) so that text
 * pasted from documents or typed with an IME separates tokens as a person would expect.
 */
function isSpace(code: number): boolean {
  if (code === 0x20 || (code >= 0x09 && code <= 0x0d)) return true;
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
