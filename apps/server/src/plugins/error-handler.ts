import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES, type Catalogue, type FieldError } from '@school-transport/shared';
import { failure } from '../lib/envelope.js';
import { AppError, wordsIn, type WordedFieldError, type Words } from '../lib/errors.js';

/** Fastify's own 4xx errors, reworded for a person; anything else keeps Fastify's message. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: MESSAGES.bodyTooLarge,
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but JSON was announced.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length does not match its Content-Length.',
};

/**
 * How refusals are worded for whoever asked (decision 053): the language of the request (a signed-in driver's or
 * parent's, see app.ts; an administrator's is English) and that language's messages catalogue.
 */
export interface ErrorWording {
  languageOf(request: FastifyRequest): Promise<string>;
  catalogueOf(language: string): Catalogue;
}

const ENGLISH_ONLY: ErrorWording = { languageOf: async () => 'en', catalogueOf: () => ({}) };

/** A schema's issue (zod's code and details) as a field message of the catalogue, for a language not English. */
function validationWords(keyword: string, params: Record<string, unknown>): Words {
  const origin = params.origin;
  if (keyword === 'too_small' && (origin === 'string' || origin === 'array')) {
    const min = Number(params.minimum);
    return min <= 1
      ? { code: 'refusal.field.required' }
      : { code: 'refusal.field.tooShort', params: { min } };
  }
  if (keyword === 'too_big' && (origin === 'string' || origin === 'array'))
    return { code: 'refusal.field.tooLong', params: { max: Number(params.maximum) } };
  if (keyword === 'invalid_type' && params.input === undefined) return { code: 'refusal.field.required' };
  return { code: 'refusal.field.invalid' };
}

/**
 * Every failure leaves in the envelope. Bad input is a 4xx with a message a person understands; anything
 * unexpected is logged with its stack and answered with a 500 that shows no internals. A refusal worded from the
 * catalogue (AppError's `words`; a schema's rejection) carries its `code` and `params` and is written in the
 * language of whoever asked.
 */
export function addErrorHandling(app: FastifyInstance, wording: ErrorWording = ENGLISH_ONLY): void {
  /** The language of the answer; English when finding it fails (the refusal matters more than its language). */
  const languageOf = async (request: FastifyRequest) => {
    try {
      return await wording.languageOf(request);
    } catch (error) {
      request.log.warn({ err: error }, 'language of an error answer not found; answering in English');
      return 'en';
    }
  };
  const say = (language: string, words: Words) =>
    wordsIn(language, words, language === 'en' ? undefined : wording.catalogueOf(language));
  const fields = (language: string, errors: WordedFieldError[] | undefined): FieldError[] | undefined =>
    errors?.map(({ field, message, words }) => ({
      ...(field === undefined ? {} : { field }),
      message: words ? say(language, words).message : message,
    }));

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const language = await languageOf(request);
      // In English the schema's own messages; in another language the catalogue's, by the kind of issue.
      const errors = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined,
        message:
          language === 'en'
            ? (issue.message ?? MESSAGES.invalidInput)
            : say(language, validationWords(issue.keyword, issue.params)).message,
      }));
      const invalid = say(language, { code: 'refusal.invalidInput' });
      return reply
        .code(400)
        .send(failure(invalid.message, errors, { code: 'refusal.invalidInput', params: invalid.params }));
    }
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      const worded = error.words || error.errors?.some((field) => field.words);
      const language = worded ? await languageOf(request) : 'en';
      if (!error.words)
        return reply.code(error.statusCode).send(failure(error.message, fields(language, error.errors)));
      const { message, params } = say(language, error.words);
      return reply
        .code(error.statusCode)
        .send(failure(message, fields(language, error.errors), { code: error.words.code, params }));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(failure(FRAMEWORK_MESSAGES[error.code] ?? error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(failure(MESSAGES.serverError));
  });
}
