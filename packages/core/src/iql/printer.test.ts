// The canonical text of queries: keyword case, spacing, quoting, minimal parentheses, explicit ASC/DESC,
// and that printing then parsing gives the same tree back.
import { describe, expect, it } from 'vitest';
import type { Expression } from './ast.js';
import { parseIql, printIql, stripSpans } from './index.js';
import { printNumber } from './printer.js';

const canonical = (text: string): string => printIql(parseIql(text));

describe('printIql', () => {
  it.each([
    ['', ''],
    ['   ', ''],
    ['a=1', 'a = 1'],
    ['a <> 1', 'a != 1'],
    ["  title   contains   '电池'  ", "title CONTAINS '电池'"],
    ["a = 'O''Brien'", "a = 'O''Brien'"],
    ["a = ''''", "a = ''''"],
    ['a = -0', 'a = 0'],
    ['a = 007.50', 'a = 7.5'],
    ['a = true or b = null', 'a = TRUE OR b = NULL'],
    ["a in ( 1 ,'x',null )", "a IN (1, 'x', NULL)"],
    ['a not in (1)', 'a NOT IN (1)'],
    ["d not between '2024-01-01' and '2024-12-31'", "d NOT BETWEEN '2024-01-01' AND '2024-12-31'"],
    ["t like 'CN\\_%'", "t LIKE 'CN\\_%'"],
    ["t not starts with 'x' and t ends with 'y'", "t NOT STARTS WITH 'x' AND t ENDS WITH 'y'"],
    ['a is null or b is not null', 'a IS NULL OR b IS NOT NULL'],
    ['d within 7 days', 'd WITHIN NEXT 7 DAYS'],
    ['d within last 1 days', 'd WITHIN LAST 1 DAY'],
    ['d within 12 month', 'd WITHIN NEXT 12 MONTHS'],
    ['d within today', 'd WITHIN TODAY'],
    ["match '电池'", "MATCH '电池'"],
    ['order by a, b desc', 'ORDER BY a ASC, b DESC'],
    ['a = 1 order by agency.name', 'a = 1 ORDER BY agency.name ASC'],
  ])('%j → %j', (text, printed) => {
    expect(canonical(text)).toBe(printed);
  });

  it.each([
    ['a = 1 OR b = 2 AND NOT c = 3', 'a = 1 OR b = 2 AND NOT c = 3'],
    ['(a = 1 OR b = 2) AND c = 3', '(a = 1 OR b = 2) AND c = 3'],
    ['((a = 1) AND (b = 2))', 'a = 1 AND b = 2'],
    ['(a = 1 AND b = 2) OR c = 3', 'a = 1 AND b = 2 OR c = 3'],
    ['a = 1 OR (b = 2 OR c = 3)', 'a = 1 OR (b = 2 OR c = 3)'],
    ['(a = 1 OR b = 2) OR c = 3', 'a = 1 OR b = 2 OR c = 3'],
    ['NOT (a = 1 AND b = 2)', 'NOT (a = 1 AND b = 2)'],
    ['NOT (NOT (a = 1))', 'NOT NOT a = 1'],
    ['(NOT a = 1) AND b = 2', 'NOT a = 1 AND b = 2'],
  ])('keeps only the parentheses precedence needs: %s', (text, printed) => {
    expect(canonical(text)).toBe(printed);
  });

  it('prints trees a program built, with right-nested chains in parentheses', () => {
    const compare = (name: string): Expression => ({
      type: 'compare',
      field: { path: [name], span: { start: 0, end: 0 } },
      operator: '=',
      value: { kind: 'number', value: 1, span: { start: 0, end: 0 } },
      span: { start: 0, end: 0 },
    });
    const span = { start: 0, end: 0 };
    const where: Expression = {
      type: 'and',
      left: compare('a'),
      right: { type: 'and', left: compare('b'), right: compare('c'), span },
      span,
    };
    const text = printIql({ where, orderBy: [] });
    expect(text).toBe('a = 1 AND (b = 1 AND c = 1)');
    expect(stripSpans(parseIql(text).where)).toEqual(stripSpans(where));
  });

  it('round-trips Chinese, quotes, newlines and backslashes in texts', () => {
    const text = "a = '它''s 电池\n第二行' AND b CONTAINS 'C:\\docs' AND c LIKE '100\\%'";
    const once = parseIql(text);
    const printed = printIql(once);
    expect(stripSpans(parseIql(printed))).toEqual(stripSpans(once));
    expect(printIql(parseIql(printed))).toBe(printed);
  });
});

describe('printNumber', () => {
  it.each([
    [0, '0'],
    [-0, '0'],
    [42, '42'],
    [-1.5, '-1.5'],
    [1e-7, '0.0000001'],
    [-1.25e-8, '-0.0000000125'],
    [5e-324, `0.${'0'.repeat(323)}5`],
    [Number.MAX_SAFE_INTEGER, '9007199254740991'],
    [1e21, '1000000000000000000000'],
    [1.5e22, '15000000000000000000000'],
  ])('%s → %s', (value, text) => {
    expect(printNumber(value)).toBe(text);
    expect(Number(text)).toBe(value === 0 ? 0 : value);
  });
});
