// One error handler for the whole app: every failure leaves as the envelope with a catalogue code and
// a message in the caller's language. Input mistakes are 4xx; only our own faults are 500, logged
// with the request id and answered without internals.
import { AppError, isAppError } from '@ipdesk/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorEnvelope } from './reply.js';
import { unstorableTextRefusal } from './unstorable-text.js';
import { validationError } from './validation.js';

function fromFastifyError(error: FastifyError, request: FastifyRequest): AppError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('unsupportedMediaType', { params: { type: String(request.headers['content-type'] ?? '') } });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payloadTooLarge');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('emptyBody');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('malformedBody');
  }
  // JSON syntax errors and prototype-poisoning refusals come from the body parser as plain 400s.
  if (error.statusCode === 400) return new AppError('malformedBody');
  if (error.statusCode === 413) return new AppError('payloadTooLarge');
  if (error.statusCode === 415) return new AppError('unsupportedMediaType', { params: { type: '' } });
  if (error.statusCode === 404) return new AppError('notFound');
  if (error.statusCode === 429) return new AppError('rateLimited');
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError('badRequest');
  }
  return undefined;
}

export function toAppError(error: unknown, request: FastifyRequest): AppError {
  if (isAppError(error)) return error;
  const unstorable = unstorableTextRefusal(error, request);
  if (unstorable) return unstorable;
  if (hasZodFastifySchemaValidationErrors(error)) {
    return validationError(request, error.validation, error.validationContext);
  }
  const mapped =
    typeof error === 'object' && error !== null ? fromFastifyError(error as FastifyError, request) : undefined;
  return mapped ?? new AppError('internal', { params: { requestId: request.id }, cause: error });
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  if (error.definition.code === 405000 && error.params?.allowed) reply.header('allow', String(error.params.allowed));
  return reply.status(error.status).send(errorEnvelope(error, request.language, request.id, request.server.texts));
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error, request);
    if (appError.status >= 500) {
      request.log.error({ err: error, code: appError.code }, 'request failed');
    } else {
      request.log.info({ code: appError.code, status: appError.status }, 'request refused');
    }
    return sendError(request, reply, appError);
  });
}
