// The conditions of iql, each starting with a field: comparisons, IN, BETWEEN, the text matches,
// IS NULL and WITHIN; plus field names and literal values, which ORDER BY and MATCH reuse.
import type { Expression, FieldRef, Literal, RelativeRange, TextMatch } from './ast.js';
import type { Cursor } from './cursor.js';
import { excerpt, type IqlError } from './errors.js';
import { isIqlReservedWord } from './keywords.js';
import { IQL_LIMITS } from './limits.js';

/** What may follow a field, as error messages list it (the same in both languages). */
const AFTER_NOT = ['IN', 'BETWEEN', 'LIKE', 'CONTAINS', 'STARTS WITH', 'ENDS WITH'];
const AFTER_FIELD = ['=', '!=', '<>', '>', '>=', '<', '<=', ...AFTER_NOT, 'IS', 'WITHIN', 'NOT'];

/** True when the cursor stands on a word that can start a field name. */
export function atField(cursor: Cursor): boolean {
  const token = cursor.peek();
  return token.kind === 'word' && !isIqlReservedWord(token.text);
}

/** name or relation.name: one dot at most, each part a plain identifier. */
export function parseField(cursor: Cursor): FieldRef {
  if (!atField(cursor)) throw cursor.unexpected('field');
  const first = cursor.advance();
  const path = [fieldPart(cursor, first)];
  if (cursor.peek().kind === '.') {
    cursor.advance();
    // After the dot the name is a relation's field, where no keyword can be meant: any identifier goes.
    if (cursor.peek().kind === 'end') throw cursor.unexpected('field');
    if (cursor.peek().kind !== 'word') throw invalidField(cursor, first.start);
    path.push(fieldPart(cursor, cursor.advance()));
    if (cursor.peek().kind === '.') {
      cursor.advance();
      if (cursor.peek().kind === 'word') cursor.advance();
      throw invalidField(cursor, first.start, cursor.lastEnd);
    }
  }
  return { path, span: { start: first.start, end: cursor.lastEnd } };
}

/** The whole would-be name is the span, so the UI underlines `a.b.c` rather than one dot of it. */
function invalidField(cursor: Cursor, start: number, end = cursor.peek().end): IqlError {
  const span = { start, end };
  return cursor.errorAt('invalid_field', 'iql.error.invalidField', span, { found: excerpt(cursor.text, span) });
}

function fieldPart(cursor: Cursor, token: { start: number; end: number }): string {
  if (token.end - token.start > IQL_LIMITS.maxFieldLength) {
    throw cursor.errorAt('field_too_long', 'iql.error.fieldTooLong', token, { max: IQL_LIMITS.maxFieldLength });
  }
  return cursor.text.slice(token.start, token.end);
}

export function parseLiteral(cursor: Cursor): Literal {
  const token = cursor.peek();
  const span = { start: token.start, end: token.end };
  if (token.kind === 'string') {
    cursor.advance();
    return { kind: 'string', value: token.value, span };
  }
  if (token.kind === 'number') {
    cursor.advance();
    return { kind: 'number', value: token.value, span };
  }
  if (token.kind === 'word' && (token.keyword === 'TRUE' || token.keyword === 'FALSE')) {
    cursor.advance();
    return { kind: 'boolean', value: token.keyword === 'TRUE', span };
  }
  if (token.kind === 'word' && token.keyword === 'NULL') {
    cursor.advance();
    return { kind: 'null', span };
  }
  throw cursor.unexpected('value');
}

/** A quoted text that must not be empty (an empty CONTAINS would match every row). */
export function parseText(cursor: Cursor, options: { like?: boolean; trim?: boolean } = {}): string {
  const token = cursor.peek();
  if (token.kind !== 'string') throw cursor.unexpected('text');
  cursor.advance();
  const blank = options.trim ? token.value.trim() === '' : token.value === '';
  if (blank) throw cursor.errorAt('empty_pattern', 'iql.error.emptyPattern', token);
  if (options.like && !isValidLikePattern(token.value)) {
    throw cursor.errorAt('invalid_pattern', 'iql.error.invalidPattern', token);
  }
  return token.value;
}

/**
 * A LIKE pattern goes to the database with ESCAPE '\', which refuses a trailing backslash; allowing `\` only
 * before %, _ and \ also keeps the door open to give other escapes a meaning later.
 */
function isValidLikePattern(pattern: string): boolean {
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] !== '\\') continue;
    const next = pattern[i + 1];
    if (next !== '%' && next !== '_' && next !== '\\') return false;
    i++;
  }
  return true;
}

/** The condition after its field, spanning from the field to the last token it takes. */
export function parsePredicate(cursor: Cursor, field: FieldRef): Expression {
  const start = field.span.start;
  const span = (): { start: number; end: number } => ({ start, end: cursor.lastEnd });
  const token = cursor.peek();
  if (token.kind === 'operator') {
    cursor.advance();
    const value = parseLiteral(cursor);
    return { type: 'compare', field, operator: token.operator, value, span: span() };
  }
  if (cursor.acceptKeyword('IS')) {
    const negated = cursor.acceptKeyword('NOT');
    if (!cursor.isKeyword('NULL')) throw cursor.unexpected(negated ? ['NULL'] : ['NULL', 'NOT']);
    cursor.advance();
    return { type: 'isNull', field, negated, span: span() };
  }
  if (cursor.acceptKeyword('WITHIN')) {
    const range = parseWindow(cursor);
    return { type: 'within', field, range, span: span() };
  }
  const negated = cursor.acceptKeyword('NOT');
  const expected = negated ? AFTER_NOT : AFTER_FIELD;
  if (cursor.acceptKeyword('IN')) {
    const values = parseInList(cursor);
    return { type: 'in', field, values, negated, span: span() };
  }
  if (cursor.acceptKeyword('BETWEEN')) {
    const low = parseLiteral(cursor);
    cursor.expectKeyword('AND');
    const high = parseLiteral(cursor);
    return { type: 'between', field, low, high, negated, span: span() };
  }
  const match = parseTextMatch(cursor, expected);
  const pattern = parseText(cursor, { like: match === 'like' });
  return { type: 'text', field, match, pattern, negated, span: span() };
}

function parseTextMatch(cursor: Cursor, expected: string[]): TextMatch {
  if (cursor.acceptKeyword('LIKE')) return 'like';
  if (cursor.acceptKeyword('CONTAINS')) return 'contains';
  if (cursor.acceptKeyword('STARTS')) {
    cursor.expectKeyword('WITH');
    return 'startsWith';
  }
  if (cursor.acceptKeyword('ENDS')) {
    cursor.expectKeyword('WITH');
    return 'endsWith';
  }
  throw cursor.unexpected(expected);
}

function parseInList(cursor: Cursor): Literal[] {
  cursor.expectPunctuation('(');
  if (cursor.peek().kind === ')') throw cursor.errorAt('empty_in_list', 'iql.error.emptyInList', cursor.peek());
  const values: Literal[] = [];
  for (;;) {
    if (values.length === IQL_LIMITS.maxInValues) {
      throw cursor.errorAt('too_many_values', 'iql.error.tooManyValues', cursor.peek(), {
        max: IQL_LIMITS.maxInValues,
      });
    }
    values.push(parseLiteral(cursor));
    if (cursor.peek().kind === ')') break;
    cursor.expectPunctuation(',', [',', ')']);
  }
  cursor.advance();
  return values;
}

/** TODAY | TOMORROW | YESTERDAY | [NEXT | LAST] n DAY[S] | MONTH[S]; NEXT when no direction is given. */
function parseWindow(cursor: Cursor): RelativeRange {
  for (const day of ['yesterday', 'today', 'tomorrow'] as const) {
    if (cursor.acceptKeyword(day.toUpperCase())) return { kind: 'day', day };
  }
  let direction: 'last' | 'next' | undefined;
  if (cursor.acceptKeyword('LAST')) direction = 'last';
  else if (cursor.acceptKeyword('NEXT')) direction = 'next';
  const amountToken = cursor.peek();
  // Before a direction word anything of the list fits; after one, only a number does.
  if (amountToken.kind !== 'number') throw cursor.unexpected(direction ? 'amount' : 'window');
  cursor.advance();
  const unit = parseUnit(cursor);
  const max = unit === 'day' ? IQL_LIMITS.maxWindowDays : IQL_LIMITS.maxWindowMonths;
  const amount = amountToken.value;
  if (!Number.isInteger(amount) || amount < 1 || amount > max) {
    throw cursor.errorAt('invalid_window', 'iql.error.invalidWindow', amountToken, {
      found: excerpt(cursor.text, amountToken),
      max,
    });
  }
  return { kind: 'window', direction: direction ?? 'next', amount, unit };
}

function parseUnit(cursor: Cursor): 'day' | 'month' {
  if (cursor.acceptKeyword('DAY') || cursor.acceptKeyword('DAYS')) return 'day';
  if (cursor.acceptKeyword('MONTH') || cursor.acceptKeyword('MONTHS')) return 'month';
  throw cursor.unexpected(['DAYS', 'MONTHS', 'DAY', 'MONTH']);
}
