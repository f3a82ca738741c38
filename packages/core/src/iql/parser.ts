// Recursive-descent parser of iql: OR binds loosest, then AND, then NOT, then a single condition or a
// parenthesised expression. Recursion only happens per parenthesis or NOT, which maxDepth caps.
import type { Expression, IqlQuery, OrderTerm } from './ast.js';
import { Cursor } from './cursor.js';
import { iqlErrorAt } from './errors.js';
import type { Token } from './lexer.js';
import { IQL_LIMITS } from './limits.js';
import { atField, parseField, parsePredicate, parseText } from './predicates.js';

/** Parses iql text to its syntax tree; throws IqlError naming the position and the problem. */
export function parseIql(text: string): IqlQuery {
  // Before any other work, so an oversized text costs nothing beyond its length.
  if (text.length > IQL_LIMITS.maxLength) {
    throw iqlErrorAt(
      text,
      'too_long',
      'iql.error.tooLong',
      { start: IQL_LIMITS.maxLength, end: text.length },
      { length: text.length, max: IQL_LIMITS.maxLength },
    );
  }
  return new Parser(text).query();
}

class Parser {
  private readonly cursor: Cursor;
  private depth = 0;
  private predicates = 0;

  constructor(text: string) {
    this.cursor = new Cursor(text);
  }

  query(): IqlQuery {
    const cursor = this.cursor;
    const atEnd = cursor.peek().kind === 'end';
    const where = atEnd || cursor.isKeyword('ORDER') ? undefined : this.or();
    const orderBy = cursor.isKeyword('ORDER') ? this.orderBy() : [];
    if (cursor.peek().kind !== 'end') throw cursor.leftover(orderBy.length > 0 ? 'order' : 'query');
    return { where, orderBy };
  }

  private orderBy(): OrderTerm[] {
    const cursor = this.cursor;
    cursor.expectKeyword('ORDER');
    cursor.expectKeyword('BY');
    const terms: OrderTerm[] = [];
    for (;;) {
      if (terms.length === IQL_LIMITS.maxOrderTerms) {
        throw cursor.errorAt('too_many_order_terms', 'iql.error.tooManyOrderTerms', cursor.peek(), {
          max: IQL_LIMITS.maxOrderTerms,
        });
      }
      const field = parseField(cursor);
      let direction: OrderTerm['direction'] = 'asc';
      if (cursor.acceptKeyword('DESC')) direction = 'desc';
      else cursor.acceptKeyword('ASC');
      terms.push({ field, direction });
      if (cursor.peek().kind !== ',') break;
      cursor.advance();
    }
    return terms;
  }

  private or(): Expression {
    const start = this.cursor.peek().start;
    let left = this.and();
    while (this.cursor.acceptKeyword('OR')) {
      const right = this.and();
      left = { type: 'or', left, right, span: { start, end: this.cursor.lastEnd } };
    }
    return left;
  }

  private and(): Expression {
    const start = this.cursor.peek().start;
    let left = this.not();
    while (this.cursor.acceptKeyword('AND')) {
      const right = this.not();
      left = { type: 'and', left, right, span: { start, end: this.cursor.lastEnd } };
    }
    return left;
  }

  private not(): Expression {
    const cursor = this.cursor;
    if (!cursor.isKeyword('NOT')) return this.primary();
    const notToken = this.enter();
    const expression = this.not();
    this.depth--;
    return { type: 'not', expression, span: { start: notToken.start, end: cursor.lastEnd } };
  }

  private primary(): Expression {
    const cursor = this.cursor;
    if (cursor.peek().kind === '(') {
      this.enter();
      const inner = this.or();
      cursor.expectPunctuation(')', ['AND', 'OR', ')']);
      this.depth--;
      return inner;
    }
    if (cursor.isKeyword('MATCH')) {
      const matchToken = this.countPredicate();
      cursor.advance();
      const text = parseText(cursor, { trim: true });
      return { type: 'match', text, span: { start: matchToken.start, end: cursor.lastEnd } };
    }
    // HAS is a word only where a parenthesis follows it, so a model may still have a field called `has`.
    if (cursor.isKeyword('HAS') && cursor.peekSecond().kind === '(') return this.has();
    if (!atField(cursor)) throw cursor.unexpected('condition');
    this.countPredicate();
    return parsePredicate(cursor, parseField(cursor));
  }

  /** HAS(child_model) or HAS(child_model WHERE expression): one condition, one level of nesting. */
  private has(): Expression {
    const cursor = this.cursor;
    const hasToken = this.countPredicate();
    cursor.advance();
    this.enter();
    if (!atField(cursor)) throw cursor.unexpected('model');
    const modelToken = cursor.advance();
    if (modelToken.kind !== 'word') throw cursor.unexpected('model');
    let where: Expression | undefined;
    if (cursor.acceptKeyword('WHERE')) where = this.or();
    else if (cursor.peek().kind !== ')') throw cursor.unexpected(['WHERE', ')']);
    cursor.expectPunctuation(')', where ? ['AND', 'OR', ')'] : ['WHERE', ')']);
    this.depth--;
    return {
      type: 'has',
      model: { name: modelToken.text, span: { start: modelToken.start, end: modelToken.end } },
      where,
      span: { start: hasToken.start, end: cursor.lastEnd },
    };
  }

  /** Consumes the token that opens a level ( or NOT ), failing before the level would pass maxDepth. */
  private enter(): Token {
    if (this.depth === IQL_LIMITS.maxDepth) {
      throw this.cursor.errorAt('too_deep', 'iql.error.tooDeep', this.cursor.peek(), { max: IQL_LIMITS.maxDepth });
    }
    this.depth++;
    return this.cursor.advance();
  }

  private countPredicate(): Token {
    const token = this.cursor.peek();
    if (this.predicates === IQL_LIMITS.maxPredicates) {
      throw this.cursor.errorAt('too_many_terms', 'iql.error.tooManyTerms', token, {
        max: IQL_LIMITS.maxPredicates,
      });
    }
    this.predicates++;
    return token;
  }
}
