// Refuses a NUL or a lone UTF-16 surrogate anywhere in a request's path parameters, query or JSON body,
// before schema validation and before any handler: PostgreSQL text cannot hold NUL (it answers a server
// error) and a lone surrogate is not a character. One check for every route, present and future, so no
// route has to remember it (issue 15 #6). The answer is the usual validation error naming the field.
import { AppError, findUnstorableText, translate, type FieldError } from '@ipdesk/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { labelAt } from './labels.js';

const PARTS = [
  { name: 'params', read: (r: FastifyRequest) => r.params, part: 'validation.params' },
  { name: 'querystring', read: (r: FastifyRequest) => r.query, part: 'validation.query' },
  { name: 'body', read: (r: FastifyRequest) => r.body, part: 'validation.body' },
] as const;

/** A key as it may be shown back: the offending characters replaced, so the answer carries none. */
// eslint-disable-next-line no-control-regex -- NUL is one of the characters replaced
const shown = (key: string | number) => String(key).replace(/[\u0000\uD800-\uDFFF]/g, '\uFFFD');

export function unstorableTextError(request: FastifyRequest): AppError | undefined {
  const schema = request.routeOptions.schema as Record<string, unknown> | undefined;
  for (const { name, read, part } of PARTS) {
    const path = findUnstorableText(read(request));
    if (!path) continue;
    // An item of a list is labelled as its list (fl.1 → "Field list").
    let labelled = path.length;
    while (labelled > 0 && typeof path[labelled - 1] === 'number') labelled--;
    const labelKey = labelAt(schema?.[name], path.slice(0, labelled));
    const field = path.map(shown).join('.');
    const label = labelKey ? translate(request.language, labelKey) : field || translate(request.language, part);
    const error: FieldError = {
      field,
      label,
      message: translate(request.language, 'validation.unstorableCharacters'),
    };
    return new AppError('validation', { fields: [error] });
  }
  return undefined;
}

/**
 * PostgreSQL's own refusal of a NUL (or of text it cannot encode), answered as the caller's mistake: the
 * second wall, for what a route reads itself (multipart fields and file names) past the JSON guard.
 * 22021 character_not_in_repertoire ("invalid byte sequence … 0x00"), 22P05 untranslatable_character
 * ("\u0000 cannot be converted to text" in jsonb).
 */
export function unstorableTextRefusal(error: unknown, request: FastifyRequest): AppError | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code !== '22021' && code !== '22P05') return undefined;
  const label = translate(request.language, 'validation.body');
  const message = translate(request.language, 'validation.unstorableCharacters');
  return new AppError('validation', { fields: [{ field: '', label, message }], cause: error });
}

export function installUnstorableTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const error = unstorableTextError(request);
    if (error) throw error;
  });
}
