// Prints a syntax tree as canonical iql: upper-case keywords, single spaces, strings re-quoted, explicit
// ASC/DESC, and parentheses only where precedence needs them, so equal queries print as equal text.
import type { Expression, FieldRef, IqlQuery, Literal, RelativeRange, TextMatch } from './ast.js';

/** The text of a query; parsing it gives the same tree back (spans aside). */
export function printIql(query: IqlQuery): string {
  const parts: string[] = [];
  if (query.where) parts.push(printExpression(query.where));
  if (query.orderBy.length > 0) {
    const terms = query.orderBy.map((term) => `${printField(term.field)} ${term.direction.toUpperCase()}`);
    parts.push(`ORDER BY ${terms.join(', ')}`);
  }
  return parts.join(' ');
}

/** How tightly each form binds: OR < AND < NOT < a single condition. */
function precedence(expression: Expression): number {
  if (expression.type === 'or') return 1;
  if (expression.type === 'and') return 2;
  if (expression.type === 'not') return 3;
  return 4;
}

/**
 * The parser builds left-leaning chains (a OR b OR c is (a OR b) OR c), so a right operand of the same
 * operator needs parentheses to come back as the same tree.
 */
function operand(child: Expression, parentPrecedence: number, side: 'left' | 'right'): string {
  const own = precedence(child);
  const needsParentheses = own < parentPrecedence || (side === 'right' && own === parentPrecedence);
  const text = printExpression(child);
  return needsParentheses ? `(${text})` : text;
}

const TEXT_MATCH_WORDS: Record<TextMatch, string> = {
  like: 'LIKE',
  contains: 'CONTAINS',
  startsWith: 'STARTS WITH',
  endsWith: 'ENDS WITH',
};

export function printExpression(expression: Expression): string {
  const not = (negated: boolean): string => (negated ? 'NOT ' : '');
  switch (expression.type) {
    case 'or':
    case 'and': {
      const own = precedence(expression);
      const word = expression.type.toUpperCase();
      return `${operand(expression.left, own, 'left')} ${word} ${operand(expression.right, own, 'right')}`;
    }
    case 'not':
      return `NOT ${operand(expression.expression, precedence(expression), 'left')}`;
    case 'compare':
      return `${printField(expression.field)} ${expression.operator} ${printLiteral(expression.value)}`;
    case 'in':
      return `${printField(expression.field)} ${not(expression.negated)}IN (${expression.values.map(printLiteral).join(', ')})`;
    case 'between': {
      const { field, low, high, negated } = expression;
      return `${printField(field)} ${not(negated)}BETWEEN ${printLiteral(low)} AND ${printLiteral(high)}`;
    }
    case 'text': {
      const { field, match, pattern, negated } = expression;
      return `${printField(field)} ${not(negated)}${TEXT_MATCH_WORDS[match]} ${printString(pattern)}`;
    }
    case 'isNull':
      return `${printField(expression.field)} IS ${not(expression.negated)}NULL`;
    case 'within':
      return `${printField(expression.field)} WITHIN ${printRange(expression.range)}`;
    case 'match':
      return `MATCH ${printString(expression.text)}`;
    case 'has':
      return expression.where
        ? `HAS(${expression.model.name} WHERE ${printExpression(expression.where)})`
        : `HAS(${expression.model.name})`;
  }
}

function printField(field: FieldRef): string {
  return field.path.join('.');
}

function printRange(range: RelativeRange): string {
  if (range.kind === 'day') return range.day.toUpperCase();
  const unit = range.unit === 'day' ? 'DAY' : 'MONTH';
  return `${range.direction.toUpperCase()} ${range.amount} ${unit}${range.amount === 1 ? '' : 'S'}`;
}

export function printLiteral(literal: Literal): string {
  switch (literal.kind) {
    case 'string':
      return printString(literal.value);
    case 'number':
      return printNumber(literal.value);
    case 'boolean':
      return literal.value ? 'TRUE' : 'FALSE';
    case 'null':
      return 'NULL';
  }
}

function printString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** iql has no exponent notation, so 1e-7 is written out as 0.0000001 (the same double when read back). */
export function printNumber(value: number): string {
  const text = String(value === 0 ? 0 : value);
  const e = text.indexOf('e');
  if (e === -1) return text;
  const sign = text.startsWith('-') ? '-' : '';
  const mantissa = text.slice(sign.length, e);
  const exponent = Number(text.slice(e + 1));
  const point = mantissa.indexOf('.');
  const digits = mantissa.replace('.', '');
  // Where the decimal point falls after shifting by the exponent, counted from the first digit.
  const pointAt = (point === -1 ? mantissa.length : point) + exponent;
  if (pointAt <= 0) return `${sign}0.${'0'.repeat(-pointAt)}${digits}`;
  if (pointAt >= digits.length) return `${sign}${digits}${'0'.repeat(pointAt - digits.length)}`;
  return `${sign}${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
}
