// The parser's view of the token stream: one token of lookahead, keyword tests, and the errors that
// say what was expected where. Kept apart so the boolean structure and the predicates share it.
import type { IqlMessageKey } from '../i18n/iql.zh-CN.js';
import type { Span } from './ast.js';
import { excerpt, IqlError, iqlErrorAt, type IqlErrorCode, type IqlErrorParams } from './errors.js';
import { Lexer, type Token } from './lexer.js';

/** What may come next when it is not a fixed list of tokens; each has its own message in both languages. */
export type Expectation = 'condition' | 'field' | 'value' | 'text' | 'window' | 'amount' | 'model';

const foundKeys: Record<Expectation, IqlMessageKey> = {
  condition: 'iql.error.expectedCondition',
  field: 'iql.error.expectedField',
  value: 'iql.error.expectedValue',
  text: 'iql.error.expectedText',
  window: 'iql.error.expectedWindow',
  amount: 'iql.error.expectedAmount',
  model: 'iql.error.expectedModel',
};

const endKeys: Record<Expectation, IqlMessageKey> = {
  condition: 'iql.error.endExpectedCondition',
  field: 'iql.error.endExpectedField',
  value: 'iql.error.endExpectedValue',
  text: 'iql.error.endExpectedText',
  window: 'iql.error.endExpectedWindow',
  amount: 'iql.error.endExpectedAmount',
  model: 'iql.error.endExpectedModel',
};

export class Cursor {
  private readonly lexer: Lexer;
  private token: Token;
  /** The token after `token`, once someone looked that far (HAS needs to see its parenthesis). */
  private ahead: Token | undefined;
  /** Where the last consumed token ended: the end of the span of the node just parsed. */
  lastEnd = 0;

  constructor(readonly text: string) {
    this.lexer = new Lexer(text);
    this.token = this.lexer.next();
  }

  /**
   * The token under the cursor, not yet consumed. A method, not a field, so that TypeScript does not keep
   * a narrowed kind across advance().
   */
  peek(): Token {
    return this.token;
  }

  /** The token after the one under the cursor, not consumed either. */
  peekSecond(): Token {
    this.ahead ??= this.lexer.next();
    return this.ahead;
  }

  advance(): Token {
    const token = this.token;
    this.lastEnd = token.end;
    this.token = this.ahead ?? this.lexer.next();
    this.ahead = undefined;
    return token;
  }

  isKeyword(keyword: string): boolean {
    return this.token.kind === 'word' && this.token.keyword === keyword;
  }

  acceptKeyword(keyword: string): boolean {
    if (!this.isKeyword(keyword)) return false;
    this.advance();
    return true;
  }

  /** Consumes the keyword or fails saying it was expected. */
  expectKeyword(keyword: string): Token {
    if (!this.isKeyword(keyword)) throw this.unexpected([keyword]);
    return this.advance();
  }

  /** Consumes a punctuation token or fails saying it (or the given list) was expected. */
  expectPunctuation(kind: '(' | ')' | ',', expected: string[] = [kind]): Token {
    if (this.token.kind !== kind) throw this.unexpected(expected);
    return this.advance();
  }

  /** The error for the current token, given what would have been right here. */
  unexpected(expected: Expectation | string[]): IqlError {
    const token = this.token;
    if (token.kind === 'end') {
      return typeof expected === 'string'
        ? this.errorAt('unexpected_end', endKeys[expected], token)
        : this.errorAt('unexpected_end', 'iql.error.unexpectedEnd', token, { expected: expected.join(' | ') });
    }
    const found = excerpt(this.text, token);
    return typeof expected === 'string'
      ? this.errorAt('unexpected_token', foundKeys[expected], token, { found })
      : this.errorAt('unexpected_token', 'iql.error.unexpectedToken', token, { found, expected: expected.join(' | ') });
  }

  /** A token left over after a complete query or ORDER BY term (the end would have been fine there). */
  leftover(after: 'query' | 'order'): IqlError {
    const key = after === 'query' ? 'iql.error.expectedQueryEnd' : 'iql.error.expectedOrderEnd';
    return this.errorAt('unexpected_token', key, this.token, { found: excerpt(this.text, this.token) });
  }

  errorAt(code: IqlErrorCode, key: IqlMessageKey, span: Span, params?: IqlErrorParams): IqlError {
    return iqlErrorAt(this.text, code, key, { start: span.start, end: span.end }, params);
  }
}
