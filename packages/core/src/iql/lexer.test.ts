// The tokens iql text is cut into: words, texts, numbers, operators and punctuation, with their offsets.
import { describe, expect, it } from 'vitest';
import { Lexer, type Token } from './lexer.js';

function tokensOf(text: string): Token[] {
  const lexer = new Lexer(text);
  const tokens: Token[] = [];
  for (;;) {
    const token = lexer.next();
    tokens.push(token);
    if (token.kind === 'end') return tokens;
  }
}

describe('Lexer', () => {
  it('cuts a query into tokens with offsets', () => {
    expect(tokensOf("agency.name<>'O''B' AND n in (-1.5,2)")).toEqual([
      { kind: 'word', text: 'agency', keyword: 'AGENCY', start: 0, end: 6 },
      { kind: '.', start: 6, end: 7 },
      { kind: 'word', text: 'name', keyword: 'NAME', start: 7, end: 11 },
      { kind: 'operator', operator: '!=', start: 11, end: 13 },
      { kind: 'string', value: "O'B", start: 13, end: 19 },
      { kind: 'word', text: 'AND', keyword: 'AND', start: 20, end: 23 },
      { kind: 'word', text: 'n', keyword: 'N', start: 24, end: 25 },
      { kind: 'word', text: 'in', keyword: 'IN', start: 26, end: 28 },
      { kind: '(', start: 29, end: 30 },
      { kind: 'number', value: -1.5, start: 30, end: 34 },
      { kind: ',', start: 34, end: 35 },
      { kind: 'number', value: 2, start: 35, end: 36 },
      { kind: ')', start: 36, end: 37 },
      { kind: 'end', start: 37, end: 37 },
    ]);
  });

  it('reads every comparison operator, longest first', () => {
    const operators = tokensOf('= != <> > >= < <= <>=').map((token) =>
      token.kind === 'operator' ? token.operator : token.kind,
    );
    expect(operators).toEqual(['=', '!=', '!=', '>', '>=', '<', '<=', '!=', '=', 'end']);
  });

  it('keeps the end token at the end on every further call', () => {
    const lexer = new Lexer('  a ');
    expect(lexer.next()).toMatchObject({ kind: 'word', start: 2 });
    expect(lexer.next()).toEqual({ kind: 'end', start: 4, end: 4 });
    expect(lexer.next()).toEqual({ kind: 'end', start: 4, end: 4 });
  });

  it('reads a minus sign as part of a number only when a digit follows', () => {
    expect(tokensOf('a-1').map((token) => token.kind)).toEqual(['word', 'number', 'end']);
    expect(() => tokensOf('a - 1')).toThrow(expect.objectContaining({ code: 'unexpected_character' }));
  });

  it('takes any character but NUL inside a text', () => {
    expect(tokensOf("'电池\n\t😀 \\ % _'")[0]).toEqual({
      kind: 'string',
      value: '电池\n\t😀 \\ % _',
      start: 0,
      end: 14,
    });
    expect(() => tokensOf("'a\u0000'")).toThrow(expect.objectContaining({ code: 'unexpected_character' }));
  });

  it('skips Unicode spaces between tokens', () => {
    expect(tokensOf('\u3000a\u00a0\u2003b\ufeff').map((token) => token.kind)).toEqual(['word', 'word', 'end']);
  });
});
