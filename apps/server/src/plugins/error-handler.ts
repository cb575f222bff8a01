import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from '@school-transport/shared';
import { failure } from '../lib/envelope.js';
import { AppError } from '../lib/errors.js';

/** Fastify's own 4xx errors, reworded for a person; anything else keeps Fastify's message. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: MESSAGES.bodyTooLarge,
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but JSON was announced.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length does not match its Content-Length.',
};

/**
 * Every failure leaves in the envelope. Bad input is a 4xx with a message a person understands; anything
 * unexpected is logged with its stack and answered with a 500 that shows no internals.
 */
export function addErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined,
        message: issue.message ?? MESSAGES.invalidInput,
      }));
      return reply.code(400).send(failure(MESSAGES.invalidInput, errors));
    }
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.statusCode).send(failure(error.message, error.errors));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(failure(FRAMEWORK_MESSAGES[error.code] ?? error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(failure(MESSAGES.serverError));
  });
}
