// Builders of the response envelope: { code, message, request_id, ...payload }.
import {
  errorMessage,
  messages,
  OK_CODE,
  VALIDATION_CODES,
  translate,
  type AppError,
  type ErrorEnvelope,
  type Language,
} from '@ipdesk/core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { component } from './api-components.js';

export function ok<Payload extends object>(request: FastifyRequest, payload: Payload) {
  return { code: OK_CODE as 0, message: translate(request.language, 'error.ok'), request_id: request.id, ...payload };
}

/**
 * The refusal in the caller's language; its message is looked up in the app's texts (the platform's and
 * its domains'), so a domain the build does not list (a test's) is answered in its own words.
 */
export function errorEnvelope(
  error: AppError,
  language: Language,
  requestId: string,
  texts: Record<Language, Record<string, string>> = messages,
): ErrorEnvelope {
  // Spec §8: a validation answer leads with the first failing field's label and message.
  const fields = error.fieldsIn((key, params) => translate(language, key, params));
  const first = VALIDATION_CODES.includes(error.code) ? fields[0] : undefined;
  return {
    code: error.code,
    message: first
      ? translate(language, 'validation.field', { label: first.label, message: first.message })
      : errorMessage(error, language, texts),
    request_id: requestId,
    ...(fields.length ? { fields } : {}),
  };
}

/** Response schema of a successful answer with the given payload fields (used for docs and serialisation). */
export function envelopeSchema<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ code: z.literal(0), message: z.string(), request_id: z.string(), ...shape });
}

/** Every refused request's answer (a catalogue code, its message, and the failing fields when the input
 * was invalid); one component of the API document. */
export const errorEnvelopeSchema = component(
  z.object({
    code: z.number().int(),
    message: z.string(),
    request_id: z.string(),
    fields: z.array(z.object({ field: z.string(), label: z.string(), message: z.string() })).optional(),
  }),
  'ErrorEnvelope',
);
