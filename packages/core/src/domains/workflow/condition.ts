// Conditions on sequence flows: an iql boolean expression over `record.<field>` (the business record)
// and `var.<name>` (process variables), evaluated in memory by the engine and checked by the designer.
// The meaning follows the SQL iql compiles to, so a condition reads the same as a search: `!=` is
// IS DISTINCT FROM, NOT is two-valued, text matches ignore case, `= NULL` means IS NULL.
import { AppError } from '../../errors/app-error.js';
import type { MessageKey, TranslateParams } from '../../i18n/index.js';
import type { Expression, FieldRef, Literal } from '../../iql/ast.js';
import { excerpt } from '../../iql/errors.js';
import { tryParseIql } from '../../iql/index.js';
import { compareToLiteral, equalsLiteral, matchesText } from './condition-values.js';

export const CONDITION_ROOTS = ['record', 'var'] as const;
export type ConditionRoot = (typeof CONDITION_ROOTS)[number];

export interface ConditionScope {
  record: Readonly<Record<string, unknown>>;
  var: Readonly<Record<string, unknown>>;
}

export interface ConditionProblem {
  messageKey: MessageKey;
  params: TranslateParams;
}

export type ParsedCondition = { ok: true; expression: Expression } | { ok: false; problem: ConditionProblem };

/** The first part of the expression a condition cannot use, or null. */
function unsupportedPart(text: string, expression: Expression): ConditionProblem | null {
  switch (expression.type) {
    case 'and':
    case 'or':
      return unsupportedPart(text, expression.left) ?? unsupportedPart(text, expression.right);
    case 'not':
      return unsupportedPart(text, expression.expression);
    case 'match':
      return { messageKey: 'workflowDesign.condition.unsupported', params: { what: 'MATCH' } };
    case 'within':
      return { messageKey: 'workflowDesign.condition.unsupported', params: { what: 'WITHIN' } };
    case 'has':
      return { messageKey: 'workflowDesign.condition.unsupported', params: { what: 'HAS' } };
    default:
      return fieldProblem(text, expression.field);
  }
}

function fieldProblem(text: string, field: FieldRef): ConditionProblem | null {
  const [root, name] = field.path;
  if (field.path.length === 2 && name && (CONDITION_ROOTS as readonly string[]).includes(root ?? '')) return null;
  return { messageKey: 'workflowDesign.condition.field', params: { field: excerpt(text, field.span) } };
}

/** Parses and checks a condition once; the engine keeps the expression to evaluate it many times. */
export function parseCondition(text: string): ParsedCondition {
  if (text.trim() === '') return { ok: false, problem: { messageKey: 'workflowDesign.condition.empty', params: {} } };
  const parsed = tryParseIql(text);
  if (!parsed.ok) return { ok: false, problem: { messageKey: parsed.error.messageKey, params: parsed.error.params } };
  const { where, orderBy } = parsed.query;
  if (orderBy.length > 0) return { ok: false, problem: { messageKey: 'workflowDesign.condition.orderBy', params: {} } };
  if (!where) return { ok: false, problem: { messageKey: 'workflowDesign.condition.empty', params: {} } };
  const problem = unsupportedPart(text, where);
  return problem ? { ok: false, problem } : { ok: true, expression: where };
}

/** What is wrong with a condition text (syntax, field names, unsupported parts), or null when it is fine. */
export function checkCondition(text: string): ConditionProblem | null {
  const parsed = parseCondition(text);
  return parsed.ok ? null : parsed.problem;
}

function valueOf(scope: ConditionScope, field: FieldRef): unknown {
  const [root, name] = field.path as [ConditionRoot, string];
  const values = scope[root];
  // Own properties only: `record.constructor` must not find Object's.
  return Object.prototype.hasOwnProperty.call(values, name) ? values[name] : undefined;
}

const isEmpty = (value: unknown): boolean =>
  value === null || value === undefined || (Array.isArray(value) && value.length === 0);

/** A value or, for a multi-valued field, each of its values. */
const each = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

function compare(value: unknown, operator: string, literal: Literal): boolean {
  if (literal.kind === 'null' && (operator === '=' || operator === '!=')) return isEmpty(value) === (operator === '=');
  if (operator === '=') return each(value).some((v) => equalsLiteral(v, literal));
  if (operator === '!=') return !each(value).some((v) => equalsLiteral(v, literal));
  if (Array.isArray(value)) return false;
  const order = compareToLiteral(value, literal);
  if (order === undefined) return false;
  if (operator === '<') return order < 0;
  if (operator === '<=') return order <= 0;
  if (operator === '>') return order > 0;
  return order >= 0;
}

/** Evaluates a parsed condition; a missing field or variable reads as NULL. */
export function evaluateExpression(expression: Expression, scope: ConditionScope): boolean {
  switch (expression.type) {
    case 'and':
      return evaluateExpression(expression.left, scope) && evaluateExpression(expression.right, scope);
    case 'or':
      return evaluateExpression(expression.left, scope) || evaluateExpression(expression.right, scope);
    case 'not':
      return !evaluateExpression(expression.expression, scope);
    case 'compare':
      return compare(valueOf(scope, expression.field), expression.operator, expression.value);
    case 'in': {
      const value = valueOf(scope, expression.field);
      const found = each(value).some((v) => expression.values.some((literal) => equalsLiteral(v, literal)));
      return found !== expression.negated;
    }
    case 'between': {
      const value = valueOf(scope, expression.field);
      const low = Array.isArray(value) ? undefined : compareToLiteral(value, expression.low);
      const high = Array.isArray(value) ? undefined : compareToLiteral(value, expression.high);
      const inside = low !== undefined && high !== undefined && low >= 0 && high <= 0;
      return inside !== expression.negated;
    }
    case 'text': {
      const value = valueOf(scope, expression.field);
      const found = each(value).some((v) => matchesText(v, expression.match, expression.pattern));
      return found !== expression.negated;
    }
    case 'isNull':
      return isEmpty(valueOf(scope, expression.field)) !== expression.negated;
    case 'within':
    case 'match':
    case 'has':
      // parseCondition refuses these; reaching here means a tree that did not come through it.
      return false;
  }
}

/** Evaluates a condition text; throws AppError workflowConditionInvalid when it does not check out. */
export function evaluateCondition(text: string, scope: ConditionScope): boolean {
  const parsed = parseCondition(text);
  if (!parsed.ok) {
    throw new AppError('workflowConditionInvalid', {
      params: { condition: excerpt(text, { start: 0, end: text.length }) },
    });
  }
  return evaluateExpression(parsed.expression, scope);
}
