// Every grammar feature of iql parsed to the tree it should give, with spans checked where they matter.
import { describe, expect, it } from 'vitest';
import type { IqlQuery } from './ast.js';
import { parseIql, stripSpans, tryParseIql } from './index.js';

const where = (text: string): unknown => stripSpans(parseIql(text)).where;
const field = (...path: string[]) => ({ path });
const str = (value: string) => ({ kind: 'string', value });
const num = (value: number) => ({ kind: 'number', value });
const a1 = { type: 'compare', field: field('a'), operator: '=', value: num(1) };

describe('empty queries', () => {
  it.each(['', '   ', '\n\t', '\u3000'])('%j has no condition and no order', (text) => {
    expect(parseIql(text)).toEqual({ where: undefined, orderBy: [] });
  });
});

describe('comparisons', () => {
  it.each([
    ['=', '='],
    ['!=', '!='],
    ['<>', '!='],
    ['>', '>'],
    ['>=', '>='],
    ['<', '<'],
    ['<=', '<='],
  ])('a %s 1 uses %s', (written, operator) => {
    expect(where(`a ${written} 1`)).toEqual({ ...a1, operator });
  });

  it('needs no spaces around operators', () => {
    expect(where("a>=-2.5 and b='x'")).toEqual({
      type: 'and',
      left: { type: 'compare', field: field('a'), operator: '>=', value: num(-2.5) },
      right: { type: 'compare', field: field('b'), operator: '=', value: str('x') },
    });
  });

  it.each([
    ["'2024-01-31'", str('2024-01-31')],
    ["''", str('')],
    ["'O''Brien'", str("O'Brien")],
    ["''''", str("'")],
    ["'line\nbreak'", str('line\nbreak')],
    ["'C:\\docs'", str('C:\\docs')],
    ['0', num(0)],
    ['-0', num(0)],
    ['007', num(7)],
    ['12.50', num(12.5)],
    ['-3', num(-3)],
    ['9007199254740991', num(Number.MAX_SAFE_INTEGER)],
    ['TRUE', { kind: 'boolean', value: true }],
    ['false', { kind: 'boolean', value: false }],
    ['Null', { kind: 'null' }],
  ])('reads the literal %s', (literal, value) => {
    expect(where(`a = ${literal}`)).toEqual({ ...a1, value });
  });

  it('keeps Chinese and other Unicode text as written', () => {
    expect(where("title = '锂离子电池的制备方法'")).toEqual({
      type: 'compare',
      field: field('title'),
      operator: '=',
      value: str('锂离子电池的制备方法'),
    });
    expect(where("applicant = '株式会社 🚀 Ünïcode'")).toMatchObject({ value: str('株式会社 🚀 Ünïcode') });
  });

  it('reads a relation field with one dot', () => {
    expect(where("agency.name = 'x'")).toMatchObject({ field: field('agency', 'name') });
    // After the dot no keyword can be meant, so a reserved word is a plain name there.
    expect(where("agency.order = 'x'")).toMatchObject({ field: field('agency', 'order') });
    expect(where('_custom_1 = 1')).toMatchObject({ field: field('_custom_1') });
  });

  it('lets the words of WITHIN be field names', () => {
    expect(where('month = 3 and last = 1 and days = 2')).toMatchObject({
      left: { left: { field: field('month') }, right: { field: field('last') } },
      right: { field: field('days') },
    });
  });
});

describe('IN and BETWEEN', () => {
  it('reads IN and NOT IN lists of mixed literals', () => {
    expect(where("status in ('a', 2, null, true)")).toEqual({
      type: 'in',
      field: field('status'),
      values: [str('a'), num(2), { kind: 'null' }, { kind: 'boolean', value: true }],
      negated: false,
    });
    expect(where('id NOT IN (1)')).toEqual({ type: 'in', field: field('id'), values: [num(1)], negated: true });
  });

  it('reads BETWEEN, whose AND does not end the condition', () => {
    expect(where("d between '2024-01-01' and '2024-12-31' and x = 1")).toEqual({
      type: 'and',
      left: {
        type: 'between',
        field: field('d'),
        low: str('2024-01-01'),
        high: str('2024-12-31'),
        negated: false,
      },
      right: { type: 'compare', field: field('x'), operator: '=', value: num(1) },
    });
    expect(where('n not between -1 and 1.5')).toMatchObject({ type: 'between', negated: true, high: num(1.5) });
  });
});

describe('text matches', () => {
  it.each([
    ["t LIKE 'CN%\\_1'", 'like', 'CN%\\_1', false],
    ["t not like '%x%'", 'like', '%x%', true],
    ["t CONTAINS '电池'", 'contains', '电池', false],
    ["t not contains '50%'", 'contains', '50%', true],
    ["t starts with 'CN'", 'startsWith', 'CN', false],
    ["t NOT STARTS WITH 'US'", 'startsWith', 'US', true],
    ["t ends with 'A1'", 'endsWith', 'A1', false],
    ["t not ends with 'B'", 'endsWith', 'B', true],
  ])('%s', (text, match, pattern, negated) => {
    expect(where(text)).toEqual({ type: 'text', field: field('t'), match, pattern, negated });
  });

  it('reads MATCH as a condition of its own', () => {
    expect(where("MATCH '电池' and not match 'x'")).toEqual({
      type: 'and',
      left: { type: 'match', text: '电池' },
      right: { type: 'not', expression: { type: 'match', text: 'x' } },
    });
  });
});

describe('IS NULL and WITHIN', () => {
  it('reads IS NULL and IS NOT NULL', () => {
    expect(where('a is null')).toEqual({ type: 'isNull', field: field('a'), negated: false });
    expect(where('a IS NOT NULL')).toEqual({ type: 'isNull', field: field('a'), negated: true });
  });

  it.each([
    ['today', { kind: 'day', day: 'today' }],
    ['TOMORROW', { kind: 'day', day: 'tomorrow' }],
    ['yesterday', { kind: 'day', day: 'yesterday' }],
    ['7 days', { kind: 'window', direction: 'next', amount: 7, unit: 'day' }],
    ['next 1 day', { kind: 'window', direction: 'next', amount: 1, unit: 'day' }],
    ['NEXT 30 DAYS', { kind: 'window', direction: 'next', amount: 30, unit: 'day' }],
    ['last 3650 days', { kind: 'window', direction: 'last', amount: 3650, unit: 'day' }],
    ['12 months', { kind: 'window', direction: 'next', amount: 12, unit: 'month' }],
    ['last 1 month', { kind: 'window', direction: 'last', amount: 1, unit: 'month' }],
    ['next 120 MONTHS', { kind: 'window', direction: 'next', amount: 120, unit: 'month' }],
  ])('WITHIN %s', (written, range) => {
    expect(where(`due within ${written}`)).toEqual({ type: 'within', field: field('due'), range });
  });
});

describe('AND, OR, NOT and parentheses', () => {
  const b2 = { type: 'compare', field: field('b'), operator: '=', value: num(2) };
  const c3 = { type: 'compare', field: field('c'), operator: '=', value: num(3) };

  it('binds NOT tighter than AND, and AND tighter than OR', () => {
    expect(where('a = 1 OR b = 2 AND NOT c = 3')).toEqual({
      type: 'or',
      left: a1,
      right: { type: 'and', left: b2, right: { type: 'not', expression: c3 } },
    });
  });

  it('groups chains to the left', () => {
    expect(where('a = 1 or b = 2 or c = 3')).toEqual({
      type: 'or',
      left: { type: 'or', left: a1, right: b2 },
      right: c3,
    });
    expect(where('a = 1 and b = 2 and c = 3')).toEqual({
      type: 'and',
      left: { type: 'and', left: a1, right: b2 },
      right: c3,
    });
  });

  it('lets parentheses override precedence', () => {
    expect(where('(a = 1 OR b = 2) AND c = 3')).toEqual({
      type: 'and',
      left: { type: 'or', left: a1, right: b2 },
      right: c3,
    });
    expect(where('NOT (a = 1 OR b = 2)')).toEqual({ type: 'not', expression: { type: 'or', left: a1, right: b2 } });
    expect(where('((((a = 1))))')).toEqual(a1);
    expect(where('not not a = 1')).toEqual({ type: 'not', expression: { type: 'not', expression: a1 } });
  });
});

describe('ORDER BY', () => {
  it('reads terms with their directions, ascending by default', () => {
    expect(stripSpans(parseIql('a = 1 order by x, y.z desc, w asc'))).toEqual({
      where: a1,
      orderBy: [
        { field: field('x'), direction: 'asc' },
        { field: field('y', 'z'), direction: 'desc' },
        { field: field('w'), direction: 'asc' },
      ],
    });
  });

  it('may stand alone', () => {
    expect(stripSpans(parseIql('ORDER BY updatedAt DESC'))).toEqual({
      where: undefined,
      orderBy: [{ field: field('updatedAt'), direction: 'desc' }],
    });
  });
});

describe('keywords', () => {
  it('are case-insensitive', () => {
    const canonical = stripSpans(
      parseIql("NOT a IN (1) AND b IS NOT NULL OR c LIKE 'x' AND d WITHIN LAST 2 MONTHS ORDER BY e DESC"),
    );
    expect(
      stripSpans(parseIql("not a in (1) and b is not null or c like 'x' and d within last 2 months order by e desc")),
    ).toEqual(canonical);
    expect(
      stripSpans(parseIql("nOt a In (1) AnD b Is NoT nUlL oR c LiKe 'x' aNd d WiThIn LaSt 2 MoNtHs OrDeR bY e DeSc")),
    ).toEqual(canonical);
  });

  it('keep field names as written', () => {
    expect(where('ApplicationNumber = 1')).toMatchObject({ field: field('ApplicationNumber') });
  });

  it('accept Unicode spaces between tokens (ideographic space from Chinese input methods, NBSP)', () => {
    expect(where('a\u3000=\u00a01\r\nAND\tb = 2')).toMatchObject({ type: 'and', left: a1 });
  });
});

describe('spans', () => {
  it('locate every node in the text', () => {
    const text = "(a = 1 OR NOT b IN ('x')) AND agency.name CONTAINS 'y' ORDER BY c";
    const query: IqlQuery = parseIql(text);
    const slice = (span: { start: number; end: number }) => text.slice(span.start, span.end);
    const and = query.where;
    if (and?.type !== 'and' || and.left.type !== 'or' || and.right.type !== 'text') throw new Error('shape');
    expect(slice(and.span)).toBe(text.slice(0, text.indexOf(' ORDER')));
    expect(slice(and.left.span)).toBe("a = 1 OR NOT b IN ('x')");
    expect(slice(and.left.right.span)).toBe("NOT b IN ('x')");
    expect(slice(and.right.span)).toBe("agency.name CONTAINS 'y'");
    expect(slice(and.right.field.span)).toBe('agency.name');
    const orderField = query.orderBy[0]?.field;
    expect(orderField && slice(orderField.span)).toBe('c');
    if (and.left.left.type !== 'compare') throw new Error('shape');
    expect(slice(and.left.left.value.span)).toBe('1');
  });

  it('count UTF-16 units, so Chinese text before a node does not shift it', () => {
    const text = "t = '电池' AND u = 1";
    const query = parseIql(text);
    if (query.where?.type !== 'and') throw new Error('shape');
    expect(text.slice(query.where.right.span.start, query.where.right.span.end)).toBe('u = 1');
  });
});

describe('tryParseIql', () => {
  it('returns the query or the error instead of throwing', () => {
    const good = tryParseIql('a = 1');
    expect(good.ok && stripSpans(good.query)).toEqual({ where: a1, orderBy: [] });
    const bad = tryParseIql('a =');
    expect(bad.ok ? undefined : bad.error.code).toBe('unexpected_end');
  });
});

describe('HAS: records with child records', () => {
  it('takes a child model, with or without a condition on its fields', () => {
    expect(where('HAS(fee)')).toEqual({ type: 'has', model: { name: 'fee' }, where: undefined });
    expect(where("has ( fee where status = 'unpaid' and a = 1 )")).toEqual({
      type: 'has',
      model: { name: 'fee' },
      where: {
        type: 'and',
        left: { type: 'compare', field: field('status'), operator: '=', value: str('unpaid') },
        right: a1,
      },
    });
    expect(where('NOT HAS(fee) OR a = 1')).toEqual({
      type: 'or',
      left: { type: 'not', expression: { type: 'has', model: { name: 'fee' }, where: undefined } },
      right: a1,
    });
  });

  it('nests, and spans the whole condition and the model name', () => {
    const query = parseIql('a = 1 AND HAS(patent_task WHERE HAS(x))');
    const has = (query.where as Extract<IqlQuery['where'], { type: 'and' }>).right;
    expect(has).toMatchObject({ type: 'has', span: { start: 10, end: 39 }, model: { span: { start: 14, end: 25 } } });
    expect(stripSpans(has)).toEqual({
      type: 'has',
      model: { name: 'patent_task' },
      where: { type: 'has', model: { name: 'x' }, where: undefined },
    });
  });

  it('is no reserved word: a field may be called has or where', () => {
    expect(where('has = 1')).toEqual({ ...a1, field: field('has') });
    expect(where('has.where = 1')).toEqual({ ...a1, field: field('has', 'where') });
    expect(where('HAS(where WHERE where = 1)')).toEqual({
      type: 'has',
      model: { name: 'where' },
      where: { ...a1, field: field('where') },
    });
  });
});
