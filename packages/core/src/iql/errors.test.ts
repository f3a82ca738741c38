// Every error code of iql: the code, the span the UI underlines, the 1-based position and the
// parameters of the message; and that messages quote at most 40 characters of the query.
import { describe, expect, it } from 'vitest';
import { iqlEn } from '../i18n/iql.en.js';
import { iqlZhCN, type IqlMessageKey } from '../i18n/iql.zh-CN.js';
import { interpolate, placeholdersOf } from '../i18n/index.js';
import { IqlError, parseIql, type IqlErrorCode } from './index.js';

function errorOf(text: string): IqlError {
  try {
    parseIql(text);
  } catch (error) {
    if (error instanceof IqlError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(text)} to fail`);
}

interface Case {
  text: string;
  code: IqlErrorCode;
  key: IqlMessageKey;
  span: [number, number];
  params?: Record<string, string | number>;
}

const cases: Case[] = [
  // Characters and tokens
  {
    text: 'a = 1 # x',
    code: 'unexpected_character',
    key: 'iql.error.unexpectedCharacter',
    span: [6, 7],
    params: { found: '#' },
  },
  {
    text: 'a ! 1',
    code: 'unexpected_character',
    key: 'iql.error.unexpectedCharacter',
    span: [2, 3],
    params: { found: '!' },
  },
  { text: 'a - 1', code: 'unexpected_character', key: 'iql.error.unexpectedCharacter', span: [2, 3] },
  {
    text: '名称 = 1',
    code: 'unexpected_character',
    key: 'iql.error.unexpectedCharacter',
    span: [0, 1],
    params: { found: '名' },
  },
  { text: 'a = 1 && b = 2', code: 'unexpected_character', key: 'iql.error.unexpectedCharacter', span: [6, 7] },
  { text: 'a = "x"', code: 'unexpected_character', key: 'iql.error.unexpectedCharacter', span: [4, 5] },
  {
    text: 'a = 😀',
    code: 'unexpected_character',
    key: 'iql.error.unexpectedCharacter',
    span: [4, 6],
    params: { found: '😀' },
  },
  {
    text: "a = 'x\u0000y'",
    code: 'unexpected_character',
    key: 'iql.error.unexpectedCharacter',
    span: [6, 7],
    params: { found: 'U+0000' },
  },
  {
    text: "a = 'abc",
    code: 'unterminated_string',
    key: 'iql.error.unterminatedString',
    span: [4, 8],
    params: { position: 5 },
  },
  { text: "a = 'it''s", code: 'unterminated_string', key: 'iql.error.unterminatedString', span: [4, 10] },
  { text: 'a = 1.', code: 'invalid_number', key: 'iql.error.invalidNumber', span: [4, 6], params: { found: '1.' } },
  {
    text: 'a = 1.2.3',
    code: 'invalid_number',
    key: 'iql.error.invalidNumber',
    span: [4, 9],
    params: { found: '1.2.3' },
  },
  { text: 'a = 12abc', code: 'invalid_number', key: 'iql.error.invalidNumber', span: [4, 9] },
  { text: 'a = 1e5', code: 'invalid_number', key: 'iql.error.invalidNumber', span: [4, 7] },
  { text: 'a = 9007199254740992', code: 'invalid_number', key: 'iql.error.invalidNumber', span: [4, 20] },
  { text: `a = ${'9'.repeat(400)}`, code: 'invalid_number', key: 'iql.error.invalidNumber', span: [4, 404] },
  // Syntax: a token where another was expected
  { text: 'a 1', code: 'unexpected_token', key: 'iql.error.unexpectedToken', span: [2, 3], params: { found: '1' } },
  {
    text: 'a not = 1',
    code: 'unexpected_token',
    key: 'iql.error.unexpectedToken',
    span: [6, 7],
    params: { expected: 'IN | BETWEEN | LIKE | CONTAINS | STARTS WITH | ENDS WITH' },
  },
  {
    text: "a starts 'x'",
    code: 'unexpected_token',
    key: 'iql.error.unexpectedToken',
    span: [9, 12],
    params: { expected: 'WITH', found: "'x'" },
  },
  {
    text: 'a is 1',
    code: 'unexpected_token',
    key: 'iql.error.unexpectedToken',
    span: [5, 6],
    params: { expected: 'NULL | NOT' },
  },
  {
    text: 'a is not true',
    code: 'unexpected_token',
    key: 'iql.error.unexpectedToken',
    span: [9, 13],
    params: { expected: 'NULL' },
  },
  {
    text: 'a in 1',
    code: 'unexpected_token',
    key: 'iql.error.unexpectedToken',
    span: [5, 6],
    params: { expected: '(' },
  },
  {
    text: 'a in (1 2)',
    code: 'unexpected_token',
    key: 'iql.error.unexpectedToken',
    span: [8, 9],
    params: { expected: ', | )' },
  },
  {
    text: 'a between 1 or 2',
    code: 'unexpected_token',
    key: 'iql.error.unexpectedToken',
    span: [12, 14],
    params: { expected: 'AND' },
  },
  {
    text: 'a within 7 weeks',
    code: 'unexpected_token',
    key: 'iql.error.unexpectedToken',
    span: [11, 16],
    params: { expected: 'DAYS | MONTHS | DAY | MONTH' },
  },
  {
    text: '(a = 1 b = 2)',
    code: 'unexpected_token',
    key: 'iql.error.unexpectedToken',
    span: [7, 8],
    params: { expected: 'AND | OR | )' },
  },
  {
    text: 'order a',
    code: 'unexpected_token',
    key: 'iql.error.unexpectedToken',
    span: [6, 7],
    params: { expected: 'BY' },
  },
  { text: '= 1', code: 'unexpected_token', key: 'iql.error.expectedCondition', span: [0, 1], params: { found: '=' } },
  {
    text: 'a = 1 and or b = 2',
    code: 'unexpected_token',
    key: 'iql.error.expectedCondition',
    span: [10, 12],
    params: { found: 'or' },
  },
  { text: 'in = 1', code: 'unexpected_token', key: 'iql.error.expectedCondition', span: [0, 2] },
  { text: 'order by 1', code: 'unexpected_token', key: 'iql.error.expectedField', span: [9, 10] },
  { text: 'order by desc', code: 'unexpected_token', key: 'iql.error.expectedField', span: [9, 13] },
  { text: 'a = b', code: 'unexpected_token', key: 'iql.error.expectedValue', span: [4, 5], params: { found: 'b' } },
  { text: 'a in (1,)', code: 'unexpected_token', key: 'iql.error.expectedValue', span: [8, 9] },
  { text: 'a contains 1', code: 'unexpected_token', key: 'iql.error.expectedText', span: [11, 12] },
  { text: 'match x', code: 'unexpected_token', key: 'iql.error.expectedText', span: [6, 7] },
  { text: 'a within week', code: 'unexpected_token', key: 'iql.error.expectedWindow', span: [9, 13] },
  { text: 'a within next days', code: 'unexpected_token', key: 'iql.error.expectedAmount', span: [14, 18] },
  {
    text: 'a = 1 )',
    code: 'unexpected_token',
    key: 'iql.error.expectedQueryEnd',
    span: [6, 7],
    params: { found: ')' },
  },
  { text: 'a = 1 b = 2', code: 'unexpected_token', key: 'iql.error.expectedQueryEnd', span: [6, 7] },
  { text: 'order by a b', code: 'unexpected_token', key: 'iql.error.expectedOrderEnd', span: [11, 12] },
  { text: 'order by a desc asc', code: 'unexpected_token', key: 'iql.error.expectedOrderEnd', span: [16, 19] },
  // Syntax: the text ends early
  { text: 'a', code: 'unexpected_end', key: 'iql.error.unexpectedEnd', span: [1, 1], params: { position: 2 } },
  {
    text: 'a starts',
    code: 'unexpected_end',
    key: 'iql.error.unexpectedEnd',
    span: [8, 8],
    params: { expected: 'WITH' },
  },
  {
    text: '(a = 1',
    code: 'unexpected_end',
    key: 'iql.error.unexpectedEnd',
    span: [6, 6],
    params: { expected: 'AND | OR | )' },
  },
  {
    text: 'a = 1 and',
    code: 'unexpected_end',
    key: 'iql.error.endExpectedCondition',
    span: [9, 9],
    params: { position: 10 },
  },
  { text: 'not', code: 'unexpected_end', key: 'iql.error.endExpectedCondition', span: [3, 3] },
  { text: 'order by', code: 'unexpected_end', key: 'iql.error.endExpectedField', span: [8, 8] },
  { text: 'a.', code: 'unexpected_end', key: 'iql.error.endExpectedField', span: [2, 2] },
  { text: 'a =', code: 'unexpected_end', key: 'iql.error.endExpectedValue', span: [3, 3] },
  { text: 'a like', code: 'unexpected_end', key: 'iql.error.endExpectedText', span: [6, 6] },
  { text: 'a within', code: 'unexpected_end', key: 'iql.error.endExpectedWindow', span: [8, 8] },
  { text: 'a within last', code: 'unexpected_end', key: 'iql.error.endExpectedAmount', span: [13, 13] },
  // Meaning
  { text: 'a in ()', code: 'empty_in_list', key: 'iql.error.emptyInList', span: [6, 7], params: { position: 7 } },
  {
    text: 'a.b.c = 1',
    code: 'invalid_field',
    key: 'iql.error.invalidField',
    span: [0, 5],
    params: { found: 'a.b.c', position: 1 },
  },
  { text: 'a.b. = 1', code: 'invalid_field', key: 'iql.error.invalidField', span: [0, 4], params: { found: 'a.b.' } },
  { text: 'a.1 = 1', code: 'invalid_field', key: 'iql.error.invalidField', span: [0, 3], params: { found: 'a.1' } },
  { text: 'order by a.b.c', code: 'invalid_field', key: 'iql.error.invalidField', span: [9, 14] },
  {
    text: 'a within 0 days',
    code: 'invalid_window',
    key: 'iql.error.invalidWindow',
    span: [9, 10],
    params: { found: '0', max: 3650 },
  },
  {
    text: 'a within 3651 days',
    code: 'invalid_window',
    key: 'iql.error.invalidWindow',
    span: [9, 13],
    params: { max: 3650 },
  },
  {
    text: 'a within last 121 months',
    code: 'invalid_window',
    key: 'iql.error.invalidWindow',
    span: [14, 17],
    params: { max: 120 },
  },
  { text: 'a within 1.5 days', code: 'invalid_window', key: 'iql.error.invalidWindow', span: [9, 12] },
  { text: 'a within next -7 days', code: 'invalid_window', key: 'iql.error.invalidWindow', span: [14, 16] },
  { text: "a like ''", code: 'empty_pattern', key: 'iql.error.emptyPattern', span: [7, 9], params: { position: 8 } },
  { text: "a not contains ''", code: 'empty_pattern', key: 'iql.error.emptyPattern', span: [15, 17] },
  { text: "a starts with ''", code: 'empty_pattern', key: 'iql.error.emptyPattern', span: [14, 16] },
  { text: "a ends with ''", code: 'empty_pattern', key: 'iql.error.emptyPattern', span: [12, 14] },
  { text: "match '  '", code: 'empty_pattern', key: 'iql.error.emptyPattern', span: [6, 10] },
  { text: "a like 'x\\'", code: 'invalid_pattern', key: 'iql.error.invalidPattern', span: [7, 11] },
  { text: "a like '\\d'", code: 'invalid_pattern', key: 'iql.error.invalidPattern', span: [7, 11] },
  // HAS(child WHERE condition)
  { text: 'HAS(', code: 'unexpected_end', key: 'iql.error.endExpectedModel', span: [4, 4], params: { position: 5 } },
  {
    text: 'HAS(and)',
    code: 'unexpected_token',
    key: 'iql.error.expectedModel',
    span: [4, 7],
    params: { found: 'and' },
  },
  {
    text: 'HAS(fee a = 1)',
    code: 'unexpected_token',
    key: 'iql.error.unexpectedToken',
    span: [8, 9],
    params: { expected: 'WHERE | )' },
  },
  { text: 'HAS(fee WHERE )', code: 'unexpected_token', key: 'iql.error.expectedCondition', span: [14, 15] },
  { text: 'HAS(fee WHERE a = 1', code: 'unexpected_end', key: 'iql.error.unexpectedEnd', span: [19, 19] },
];

describe('error codes', () => {
  it.each(cases)('$text → $code ($key)', ({ text, code, key, span, params }) => {
    const error = errorOf(text);
    expect({ code: error.code, key: error.messageKey, span: [error.span.start, error.span.end] }).toEqual({
      code,
      key,
      span,
    });
    expect(error.params.position).toBe(error.span.start + 1);
    expect(error.params).toMatchObject(params ?? {});
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('IqlError');
    // Every placeholder of the message is filled, in both languages.
    for (const pack of [iqlZhCN, iqlEn]) {
      expect(interpolate(pack[key], error.params)).not.toMatch(/\{\{/);
    }
  });

  it('covers every code and every syntax message key', () => {
    const codes = new Set(cases.map((c) => c.code));
    codes.add('too_long').add('string_too_long').add('too_deep').add('too_many_terms');
    codes.add('too_many_values').add('too_many_order_terms').add('field_too_long');
    expect(codes.size).toBe(17);
    const keys = new Set<string>(cases.map((c) => c.key));
    const limitKeys = [
      'tooLong',
      'stringTooLong',
      'tooDeep',
      'tooManyTerms',
      'tooManyValues',
      'tooManyOrderTerms',
      'fieldTooLong',
    ];
    for (const key of limitKeys) keys.add(`iql.error.${key}`);
    expect([...keys].sort()).toEqual(Object.keys(iqlZhCN).sort());
  });

  it('says the English message as the Error message, for logs', () => {
    expect(errorOf('a =').message).toBe(
      'The query ends too early at position 4: expected a value (text in single quotes, a number, TRUE, FALSE or NULL)',
    );
    expect(errorOf('a = 1 )').message).toContain('Position 7');
  });
});

describe('positions', () => {
  it('count characters, so an emoji before the error counts once', () => {
    const error = errorOf("t = '🚀🚀' AND");
    expect(error.span.start).toBe(14);
    expect(error.params.position).toBe(13);
  });

  it('count a Chinese character once', () => {
    expect(errorOf("t = '电池' x").params.position).toBe(10);
  });
});

describe('excerpts', () => {
  it('quote at most 40 characters of the query', () => {
    const long = `a = ${'9'.repeat(60)}x`;
    const found = String(errorOf(long).params.found);
    expect(found).toBe(`${'9'.repeat(40)}…`);
    const text = `a = 1 '${'电'.repeat(200)}'`;
    const message = errorOf(text).message;
    expect(message).toContain(`'${'电'.repeat(39)}…`);
    expect(message).not.toContain('电'.repeat(40));
  });

  it('never split an emoji', () => {
    const found = String(errorOf(`a = 1 '${'🚀'.repeat(50)}'`).params.found);
    expect(Array.from(found)).toHaveLength(41);
    expect(found.endsWith('🚀…')).toBe(true);
  });
});

describe('messages', () => {
  it('use the same placeholders in zh-CN and en', () => {
    const keys = Object.keys(iqlZhCN) as IqlMessageKey[];
    const differing = keys.filter((key) => placeholdersOf(iqlZhCN[key]).join() !== placeholdersOf(iqlEn[key]).join());
    expect(differing).toEqual([]);
    expect(Object.keys(iqlEn).sort()).toEqual([...keys].sort());
  });

  it('name the position, except the length message, which concerns the whole text', () => {
    const withoutPosition = Object.entries(iqlZhCN).filter(([, text]) => !text.includes('{{position}}'));
    expect(withoutPosition.map(([key]) => key)).toEqual(['iql.error.tooLong']);
  });

  it('have no Chinese in English', () => {
    expect(Object.values(iqlEn).filter((text) => /[\u4e00-\u9fff]/.test(text))).toEqual([]);
  });
});
