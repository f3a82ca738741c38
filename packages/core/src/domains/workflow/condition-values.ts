// How a record or variable value meets an iql literal in memory. Records arrive as JSON: numbers may be
// strings (decimals), dates are ISO strings, so a number literal compares numerically with a numeric
// string and a date-like text literal compares as a point in time with a date or date-like string.
import type { Literal, TextMatch } from '../../iql/ast.js';
import { normaliseTimestamp } from '../../values/calendar.js';

const NUMERIC = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/;

function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && NUMERIC.test(value)) return Number(value);
  return undefined;
}

function timeOf(value: unknown): number | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.getTime();
  if (typeof value !== 'string') return undefined;
  // The one date parser (values/calendar.ts): a date or date-time the calendar has, else no time.
  const instant = normaliseTimestamp(value.trim());
  return instant === undefined ? undefined : Date.parse(instant);
}

const sign = (difference: number): number => (difference < 0 ? -1 : difference > 0 ? 1 : 0);

/** value - literal as -1, 0 or 1; undefined when the two do not compare (types differ, NULL). */
export function compareToLiteral(value: unknown, literal: Literal): number | undefined {
  if (value === null || value === undefined) return undefined;
  switch (literal.kind) {
    case 'number': {
      const number = numberOf(value);
      return number === undefined ? undefined : sign(number - literal.value);
    }
    case 'string': {
      const literalTime = timeOf(literal.value);
      const valueTime = timeOf(value);
      if (literalTime !== undefined && valueTime !== undefined) return sign(valueTime - literalTime);
      if (typeof value === 'number') {
        const number = numberOf(literal.value);
        return number === undefined ? undefined : sign(value - number);
      }
      if (typeof value === 'string') return value < literal.value ? -1 : value > literal.value ? 1 : 0;
      return undefined;
    }
    case 'boolean':
      return typeof value === 'boolean' ? sign(Number(value) - Number(literal.value)) : undefined;
    case 'null':
      return undefined;
  }
}

export function equalsLiteral(value: unknown, literal: Literal): boolean {
  if (literal.kind === 'null') return value === null || value === undefined;
  return compareToLiteral(value, literal) === 0;
}

type LikeToken = { kind: 'any' } | { kind: 'one' } | { kind: 'char'; char: string };

/** A LIKE pattern's pieces: % any run, _ one character, \ takes the next character as it is. */
function likeTokens(pattern: string): LikeToken[] {
  const chars = Array.from(pattern.toLowerCase());
  const tokens: LikeToken[] = [];
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    if (char === '\\' && i + 1 < chars.length) tokens.push({ kind: 'char', char: chars[++i]! });
    else if (char === '%') tokens.push({ kind: 'any' });
    else if (char === '_') tokens.push({ kind: 'one' });
    else tokens.push({ kind: 'char', char });
  }
  return tokens;
}

/**
 * LIKE by the two-pointer wildcard walk (back to the last % on a mismatch): at most text × pattern steps,
 * where a regular expression could backtrack exponentially on a pattern full of %.
 */
function matchesLike(text: string, pattern: string): boolean {
  const chars = Array.from(text.toLowerCase());
  const tokens = likeTokens(pattern);
  let c = 0;
  let t = 0;
  let star = -1;
  let starChar = 0;
  while (c < chars.length) {
    const token = tokens[t];
    if (token && token.kind === 'any') {
      star = t++;
      starChar = c;
    } else if (token && (token.kind === 'one' || token.char === chars[c])) {
      t++;
      c++;
    } else if (star >= 0) {
      t = star + 1;
      c = ++starChar;
    } else return false;
  }
  while (tokens[t]?.kind === 'any') t++;
  return t === tokens.length;
}

/** Text matches ignore letter case, as ILIKE does; a number matches by its text. */
export function matchesText(value: unknown, match: TextMatch, pattern: string): boolean {
  if (typeof value !== 'string' && typeof value !== 'number') return false;
  const text = String(value);
  if (match === 'like') return matchesLike(text, pattern);
  const haystack = text.toLowerCase();
  const needle = pattern.toLowerCase();
  if (match === 'contains') return haystack.includes(needle);
  if (match === 'startsWith') return haystack.startsWith(needle);
  return haystack.endsWith(needle);
}
