// Turns schema validation failures into the catalogue's validation error (500001) with one entry per
// failing field: its label in the caller's language and a message built from the issue's code.
import { AppError, messages, translate, type FieldError, type Language, type MessageKey } from '@ipdesk/core';
import type { FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { labelAt } from './labels.js';

type Part = 'body' | 'querystring' | 'params' | 'headers';

const PART_LABEL: Record<Part, MessageKey> = {
  body: 'validation.body',
  querystring: 'validation.query',
  params: 'validation.params',
  headers: 'validation.headers',
};

const TYPE_NAME: Record<string, MessageKey> = {
  string: 'type.string',
  number: 'type.number',
  int: 'type.integer',
  boolean: 'type.boolean',
  object: 'type.object',
  array: 'type.array',
};

function valueAt(root: unknown, path: readonly string[]): unknown {
  let current = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = Object.prototype.hasOwnProperty.call(current, key)
      ? (current as Record<string, unknown>)[key]
      : undefined;
  }
  return current;
}

function sizeKey(kind: 'tooSmall' | 'tooBig', origin: unknown): MessageKey {
  const family = origin === 'string' ? 'string' : origin === 'array' || origin === 'set' ? 'array' : 'number';
  return `validation.${kind}.${family}` as MessageKey;
}

function describeIssue(language: Language, issue: FastifySchemaValidationError, value: unknown): string {
  const params = (issue.params ?? {}) as Record<string, unknown>;
  const list = (items: unknown) => (Array.isArray(items) ? items.map(String).join(', ') : '');
  // A field that is absent fails as a type or enum mismatch; say what the user needs to hear.
  if (value === undefined && issue.keyword !== 'unrecognized_keys' && issue.instancePath !== '') {
    return translate(language, 'validation.required');
  }
  switch (issue.keyword) {
    case 'invalid_type': {
      const expected = TYPE_NAME[String(params.expected)] ?? 'type.unknown';
      return translate(language, 'validation.invalidType', { expected: translate(language, expected) });
    }
    case 'too_small':
      return translate(language, sizeKey('tooSmall', params.origin), { minimum: String(params.minimum) });
    case 'too_big':
      return translate(language, sizeKey('tooBig', params.origin), { maximum: String(params.maximum) });
    case 'invalid_format':
      return translate(language, 'validation.invalidFormat');
    case 'invalid_value':
      return translate(language, 'validation.invalidValue', { values: list(params.values) });
    case 'unrecognized_keys':
      return translate(language, 'validation.unrecognizedKeys', { keys: list(params.keys) });
    default:
      // A schema may carry its own message as an i18n key (e.g. { error: 'validation.notInteger' }).
      return issue.message && Object.prototype.hasOwnProperty.call(messages[language], issue.message)
        ? translate(language, issue.message as MessageKey)
        : translate(language, 'validation.invalid');
  }
}

export function validationError(
  request: FastifyRequest,
  issues: readonly FastifySchemaValidationError[],
  part: string | undefined,
): AppError {
  const language = request.language;
  const context: Part = part === 'querystring' || part === 'params' || part === 'headers' ? part : 'body';
  const source =
    context === 'querystring'
      ? request.query
      : context === 'body'
        ? request.body
        : context === 'params'
          ? request.params
          : request.headers;
  const schemaKey = context === 'querystring' ? 'querystring' : context;
  const schema = (request.routeOptions.schema as Record<string, unknown> | undefined)?.[schemaKey];
  const fields: FieldError[] = issues.map((issue) => {
    const path = issue.instancePath.split('/').filter(Boolean);
    const labelKey = labelAt(schema, path);
    const label = labelKey
      ? translate(language, labelKey)
      : path.length
        ? path.join('.')
        : translate(language, PART_LABEL[context]);
    const message = describeIssue(language, issue, valueAt(source, path));
    return { field: path.join('.'), label, message };
  });
  return new AppError('validation', { fields });
}
