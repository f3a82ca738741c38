// Property tests with fast-check: random trees print and parse back to themselves, printing is
// idempotent, and any text at all either parses or fails with an IqlError, quickly.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CompareOperator, Expression, FieldRef, IqlQuery, Literal, OrderTerm, RelativeRange } from './ast.js';
import { IQL_LIMITS, IqlError, isIqlReservedWord, parseIql, printIql, stripSpans, tryParseIql } from './index.js';

const RUNS = 500;
const span = { start: 0, end: 0 };

// ---- An arbitrary for the syntax tree: every tree the parser could produce (spans aside). ----

const identifier = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,15}$/);
const fieldName = identifier.filter((name) => !isIqlReservedWord(name));
const fieldRef: fc.Arbitrary<FieldRef> = fc.oneof(
  fieldName.map((name) => ({ path: [name], span })),
  // After the dot any identifier is allowed, reserved words included.
  fc.tuple(fieldName, fc.oneof(identifier, fc.constantFrom('order', 'NULL', 'in'))).map((path) => ({ path, span })),
);

/** Texts mixing ordinary Unicode with what the lexer must take care of: quotes, backslashes, wildcards. */
const tricky = fc.constantFrom("'", "''", '\\', '%', '_', '电池', '株式会社', '😀', '\n', ' ', '\u3000', 'AND', ')');
const anyText = fc
  .array(fc.oneof(fc.string({ unit: 'binary', maxLength: 8 }), tricky), { maxLength: 6 })
  .map((parts) => parts.join('').replaceAll('\u0000', ''))
  .filter((text) => text.length <= IQL_LIMITS.maxStringLength);
const nonEmptyText = anyText.filter((text) => text !== '');

const likePattern = fc
  .array(
    fc.oneof(
      fc.constantFrom('%', '_', '\\%', '\\_', '\\\\'),
      nonEmptyText.map((t) => t.replaceAll('\\', '')),
    ),
    {
      minLength: 1,
      maxLength: 5,
    },
  )
  .map((parts) => parts.join(''))
  .filter((text) => text !== '');

const number = fc
  .oneof(
    fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
    fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 }),
    fc.constantFrom(0.1, -0.000001, 1e-7, 123.456),
  )
  .map((value) => (value === 0 ? 0 : value));

const literal: fc.Arbitrary<Literal> = fc.oneof(
  anyText.map((value) => ({ kind: 'string' as const, value, span })),
  number.map((value) => ({ kind: 'number' as const, value, span })),
  fc.boolean().map((value) => ({ kind: 'boolean' as const, value, span })),
  fc.constant({ kind: 'null' as const, span }),
);

const range: fc.Arbitrary<RelativeRange> = fc.oneof(
  fc.constantFrom('yesterday', 'today', 'tomorrow').map((day) => ({ kind: 'day' as const, day })),
  fc.record({
    kind: fc.constant('window' as const),
    direction: fc.constantFrom('last', 'next'),
    amount: fc.integer({ min: 1, max: IQL_LIMITS.maxWindowDays }),
    unit: fc.constant('day' as const),
  }),
  fc.record({
    kind: fc.constant('window' as const),
    direction: fc.constantFrom('last', 'next'),
    amount: fc.integer({ min: 1, max: IQL_LIMITS.maxWindowMonths }),
    unit: fc.constant('month' as const),
  }),
);

const operator = fc.constantFrom<CompareOperator>('=', '!=', '>', '>=', '<', '<=');

const predicate: fc.Arbitrary<Expression> = fc.oneof(
  fc.record({
    type: fc.constant('compare' as const),
    field: fieldRef,
    operator,
    value: literal,
    span: fc.constant(span),
  }),
  fc.record({
    type: fc.constant('in' as const),
    field: fieldRef,
    values: fc.array(literal, { minLength: 1, maxLength: 5 }),
    negated: fc.boolean(),
    span: fc.constant(span),
  }),
  fc.record({
    type: fc.constant('between' as const),
    field: fieldRef,
    low: literal,
    high: literal,
    negated: fc.boolean(),
    span: fc.constant(span),
  }),
  fc.record({
    type: fc.constant('text' as const),
    field: fieldRef,
    match: fc.constant('like' as const),
    pattern: likePattern,
    negated: fc.boolean(),
    span: fc.constant(span),
  }),
  fc.record({
    type: fc.constant('text' as const),
    field: fieldRef,
    match: fc.constantFrom('contains' as const, 'startsWith' as const, 'endsWith' as const),
    pattern: nonEmptyText,
    negated: fc.boolean(),
    span: fc.constant(span),
  }),
  fc.record({ type: fc.constant('isNull' as const), field: fieldRef, negated: fc.boolean(), span: fc.constant(span) }),
  fc.record({ type: fc.constant('within' as const), field: fieldRef, range, span: fc.constant(span) }),
  fc.record({
    type: fc.constant('match' as const),
    text: nonEmptyText.filter((text) => text.trim() !== ''),
    span: fc.constant(span),
  }),
);

const { expression } = fc.letrec<{ expression: Expression }>((tie) => ({
  expression: fc.oneof(
    { maxDepth: 6, depthSize: 'small' },
    predicate,
    fc.record({
      type: fc.constant('and' as const),
      left: tie('expression'),
      right: tie('expression'),
      span: fc.constant(span),
    }),
    fc.record({
      type: fc.constant('or' as const),
      left: tie('expression'),
      right: tie('expression'),
      span: fc.constant(span),
    }),
    fc.record({ type: fc.constant('not' as const), expression: tie('expression'), span: fc.constant(span) }),
    fc.record({
      type: fc.constant('has' as const),
      model: fieldName.map((name) => ({ name, span })),
      where: fc.option(tie('expression'), { nil: undefined }),
      span: fc.constant(span),
    }),
  ),
}));

const orderTerm: fc.Arbitrary<OrderTerm> = fc.record({ field: fieldRef, direction: fc.constantFrom('asc', 'desc') });

const query: fc.Arbitrary<IqlQuery> = fc.record({
  where: fc.option(expression, { nil: undefined }),
  orderBy: fc.array(orderTerm, { maxLength: IQL_LIMITS.maxOrderTerms }),
});

// ---- Adversarial texts: the grammar's own tokens in random order, and broken valid queries. ----

const tokens = [
  "'",
  "''",
  "'x'",
  "'电池'",
  '(',
  ')',
  ',',
  '.',
  '=',
  '!=',
  '<>',
  '<',
  '<=',
  '>',
  '>=',
  '!',
  '-',
  '1',
  '-2.5',
  '1.',
  '1e5',
  '3651',
  '9007199254740993',
  'AND',
  'or',
  'NOT',
  'IN',
  'BETWEEN',
  'LIKE',
  'CONTAINS',
  'STARTS',
  'ENDS',
  'WITH',
  'IS',
  'NULL',
  'TRUE',
  'false',
  'WITHIN',
  'TODAY',
  'NEXT',
  'LAST',
  'DAYS',
  'MONTH',
  'MATCH',
  'ORDER',
  'BY',
  'ASC',
  'DESC',
  'a',
  'agency.name',
  '电',
  '😀',
  '\uD800',
  '\\',
  '%',
  '\u0000',
  '\u3000',
  '\n',
];
const tokenSoup = fc
  .array(fc.tuple(fc.constantFrom(...tokens), fc.constantFrom('', ' ', ' ', '  ')), { maxLength: 40 })
  .map((parts) => parts.map(([token, space]) => token + space).join(''));

/** A printed valid query with a piece cut out or pasted in: text that is nearly right. */
const brokenQuery = fc
  .tuple(query.map(printIql), fc.nat(), fc.nat(), fc.oneof(fc.constantFrom(...tokens), fc.string({ maxLength: 3 })))
  .map(([text, a, b, insert]) => {
    const start = text.length === 0 ? 0 : a % text.length;
    const end = start + (text.length === 0 ? 0 : b % Math.min(8, text.length - start + 1));
    return text.slice(0, start) + insert + text.slice(end);
  });

const anyInput = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: 'grapheme-ascii', maxLength: 200 }),
  tokenSoup,
  brokenQuery,
);

// ---- The properties. ----

describe('iql properties', () => {
  it('print then parse gives back any tree the parser could produce', () => {
    fc.assert(
      fc.property(query, (tree) => {
        const text = printIql(tree);
        expect(stripSpans(parseIql(text))).toEqual(stripSpans(tree));
      }),
      { numRuns: RUNS },
    );
  });

  it('printing a parsed query is idempotent', () => {
    fc.assert(
      fc.property(query, (tree) => {
        const once = printIql(parseIql(printIql(tree)));
        expect(printIql(parseIql(once))).toBe(once);
      }),
      { numRuns: RUNS },
    );
  });

  it('any text parses or fails with an IqlError whose span lies in the text, quickly', () => {
    fc.assert(
      fc.property(anyInput, (text) => {
        const started = performance.now();
        let result: ReturnType<typeof tryParseIql>;
        try {
          result = tryParseIql(text);
        } catch (error) {
          // tryParseIql passes on anything that is not an IqlError: that would be a bug.
          throw new Error(`non-IqlError for ${JSON.stringify(text)}: ${String(error)}`);
        }
        expect(performance.now() - started).toBeLessThan(100);
        if (result.ok) {
          // Whatever parses is canonical after one print, and reads back as the same tree.
          const printed = printIql(result.query);
          expect(stripSpans(parseIql(printed))).toEqual(stripSpans(result.query));
          expect(printIql(parseIql(printed))).toBe(printed);
          return;
        }
        const { error } = result;
        expect(error).toBeInstanceOf(IqlError);
        expect(error.span.start).toBeGreaterThanOrEqual(0);
        expect(error.span.start).toBeLessThanOrEqual(error.span.end);
        expect(error.span.end).toBeLessThanOrEqual(text.length);
        if (error.code !== 'too_long') expect(error.params.position).toBeGreaterThanOrEqual(1);
        const found = error.params.found;
        if (typeof found === 'string')
          expect(Array.from(found.replace(/U\+[0-9A-F]{4}/g, '?')).length).toBeLessThanOrEqual(41);
      }),
      { numRuns: RUNS * 4 },
    );
  });
});
