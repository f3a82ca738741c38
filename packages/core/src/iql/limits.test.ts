// The caps of IQL_LIMITS, each at its edge and one past it, and hostile texts that must fail (or pass)
// quickly: long runs of quotes, parentheses, NOTs, keywords.
import { describe, expect, it } from 'vitest';
import { IQL_LIMITS, IqlError, parseIql, tryParseIql } from './index.js';

function codeOf(text: string): string | undefined {
  const result = tryParseIql(text);
  return result.ok ? undefined : result.error.code;
}

const repeat = (count: number, make: (i: number) => string, separator: string): string =>
  Array.from({ length: count }, (_, i) => make(i)).join(separator);

describe('IQL_LIMITS', () => {
  it('are the documented values', () => {
    expect(IQL_LIMITS).toEqual({
      maxLength: 20_000,
      maxDepth: 32,
      maxPredicates: 200,
      maxInValues: 1000,
      maxStringLength: 1000,
      maxOrderTerms: 5,
      maxFieldLength: 63,
      maxWindowDays: 3650,
      maxWindowMonths: 120,
    });
  });

  it('caps the length before reading anything', () => {
    const atLimit = `a = 1${' '.repeat(IQL_LIMITS.maxLength - 5)}`;
    expect(codeOf(atLimit)).toBeUndefined();
    // Past the limit even an otherwise unreadable text fails for its length only.
    const error = tryParseIql(`'${'#'.repeat(IQL_LIMITS.maxLength)}`);
    expect(error.ok ? undefined : [error.error.code, error.error.span, error.error.params]).toEqual([
      'too_long',
      { start: 20_000, end: 20_001 },
      { position: 20_001, length: 20_001, max: 20_000 },
    ]);
  });

  it('caps nesting of parentheses', () => {
    const nested = (depth: number) => `${'('.repeat(depth)}a = 1${')'.repeat(depth)}`;
    expect(codeOf(nested(32))).toBeUndefined();
    const error = tryParseIql(nested(33));
    expect(error.ok ? undefined : [error.error.code, error.error.span, error.error.params.max]).toEqual([
      'too_deep',
      { start: 32, end: 33 },
      32,
    ]);
  });

  it('counts NOT as a level too', () => {
    expect(codeOf(`${'NOT '.repeat(32)}a = 1`)).toBeUndefined();
    expect(codeOf(`${'NOT '.repeat(33)}a = 1`)).toBe('too_deep');
    expect(codeOf(`${'NOT ('.repeat(16)}a = 1${')'.repeat(16)}`)).toBeUndefined();
    expect(codeOf(`${'NOT ('.repeat(16)}NOT a = 1${')'.repeat(16)}`)).toBe('too_deep');
  });

  it('fails fast, without overflowing the stack, on parentheses up to the length limit', () => {
    expect(codeOf('('.repeat(IQL_LIMITS.maxLength))).toBe('too_deep');
    expect(codeOf('NOT '.repeat(IQL_LIMITS.maxLength / 4))).toBe('too_deep');
  });

  it('caps the number of conditions', () => {
    const conditions = (count: number) => repeat(count, (i) => (i % 2 ? `f${i} = ${i}` : `MATCH 'x'`), ' OR ');
    expect(codeOf(conditions(200))).toBeUndefined();
    const text = conditions(201);
    const error = tryParseIql(text);
    expect(error.ok ? undefined : [error.error.code, error.error.params.max]).toEqual(['too_many_terms', 200]);
    expect(error.ok ? undefined : text.slice(error.error.span.start)).toBe("MATCH 'x'");
  });

  it('caps IN lists at 1000 values (batch search)', () => {
    const list = (count: number) => `n in (${repeat(count, (i) => `'CN${i}'`, ',')})`;
    expect(codeOf(list(1000))).toBeUndefined();
    const error = tryParseIql(list(1001));
    expect(error.ok ? undefined : [error.error.code, error.error.params.max]).toEqual(['too_many_values', 1000]);
  });

  it('caps the length of a text, counting a doubled quote once', () => {
    expect(codeOf(`a = '${'x'.repeat(1000)}'`)).toBeUndefined();
    expect(codeOf(`a = '${"''".repeat(1000)}'`)).toBeUndefined();
    expect(codeOf(`a = '${'电'.repeat(1000)}'`)).toBeUndefined();
    const error = tryParseIql(`a = '${'x'.repeat(1001)}'`);
    expect(error.ok ? undefined : [error.error.code, error.error.span, error.error.params.max]).toEqual([
      'string_too_long',
      { start: 4, end: 1007 },
      1000,
    ]);
  });

  it('caps ORDER BY terms', () => {
    const order = (count: number) => `ORDER BY ${repeat(count, (i) => `f${i}`, ', ')}`;
    expect(codeOf(order(5))).toBeUndefined();
    const error = tryParseIql(order(6));
    expect(error.ok ? undefined : [error.error.code, error.error.span, error.error.params.max]).toEqual([
      'too_many_order_terms',
      { start: 29, end: 31 },
      5,
    ]);
  });

  it('caps each part of a field name', () => {
    const name = (length: number) => 'f'.repeat(length);
    expect(codeOf(`${name(63)}.${name(63)} = 1`)).toBeUndefined();
    expect(codeOf(`${name(64)} = 1`)).toBe('field_too_long');
    const error = tryParseIql(`agency.${name(64)} = 1`);
    expect(error.ok ? undefined : [error.error.code, error.error.span, error.error.params.max]).toEqual([
      'field_too_long',
      { start: 7, end: 71 },
      63,
    ]);
  });
});

describe('hostile texts finish quickly', () => {
  const max = IQL_LIMITS.maxLength;
  const hostile: Array<[string, string]> = [
    ['quotes', "'".repeat(max)],
    ['odd quotes', "'".repeat(max - 1)],
    ['quote pairs in a string', `a = '${"''".repeat(max / 2 - 4)}'`],
    ['closing parentheses', ')'.repeat(max)],
    ['alternating parentheses', '()'.repeat(max / 2)],
    ['NOT NOT ...', 'NOT '.repeat(max / 4)],
    ['AND AND ...', 'AND '.repeat(max / 4)],
    ['a long chain', repeat(190, (i) => `field${i} = 'value ${i}'`, ' AND ')],
    ['digits', '9'.repeat(max)],
    ['minus signs', '-'.repeat(max)],
    ['dots', `a${'.'.repeat(max - 1)}`],
    ['backslashes in LIKE', `a like '${'\\'.repeat(998)}'`],
    ['percent signs in LIKE', `a like '${'%'.repeat(1000)}'`],
    ['one huge word', 'a'.repeat(max)],
    ['Chinese', '电'.repeat(max)],
    ['spaces', ' '.repeat(max)],
    ['emoji', '😀'.repeat(max / 2)],
  ];

  it.each(hostile)('%s', (_name, text) => {
    expect(text.length).toBeLessThanOrEqual(max);
    const started = performance.now();
    const result = tryParseIql(text);
    const elapsed = performance.now() - started;
    if (!result.ok) expect(result.error).toBeInstanceOf(IqlError);
    // Generous for slow CI machines; a quadratic lexer on 20 000 characters would take far longer.
    expect(elapsed).toBeLessThan(250);
  });

  it('parses a large valid query at the limits in bounded time', () => {
    const inList = `number in (${repeat(1000, (i) => `'CN2024${String(i).padStart(6, '0')}'`, ',')})`;
    const text = `${inList} AND ${'('.repeat(30)}a = 1${')'.repeat(30)} ORDER BY a, b, c, d, e DESC`;
    expect(text.length).toBeLessThanOrEqual(max);
    const started = performance.now();
    const query = parseIql(text);
    expect(performance.now() - started).toBeLessThan(250);
    expect(query.orderBy).toHaveLength(5);
  });
});
