import { z } from 'zod';
import { errorAnswerSchema } from '@school-transport/shared';

/** The statuses a route may answer in the error envelope besides those the API docs infer from it. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 503;

/**
 * The error answers of a route that its access, its inputs and its path do not imply (plugins/api-docs.ts adds
 * those): a 409 of a rule, a 404 of a record named in the body, a stream's caps. Each status is given alone (the
 * document says what it usually means) or with what it means for this route. Spread into `schema.response`; the
 * answer is then also checked against the error envelope when it is sent.
 */
export function errorAnswers(
  ...answers: Array<ErrorStatus | Partial<Record<ErrorStatus, string>>>
): Partial<Record<ErrorStatus, typeof errorAnswerSchema>> {
  return Object.fromEntries(
    answers.flatMap((answer) =>
      typeof answer === 'number'
        ? [[String(answer), errorAnswerSchema]]
        : Object.entries(answer).map(([status, meaning]) => [status, errorAnswerSchema.describe(meaning)]),
    ),
  );
}

/**
 * A success answer that is not JSON: a CSV file, an NDJSON stream, an image, the live stream. Its handler sends a
 * stream or a file, which Fastify passes on without a serializer, so the schema only describes the answer in the
 * OpenAPI document (one per media type the route may send).
 */
export function mediaAnswer(description: string, content: Record<string, z.ZodType>) {
  return {
    description,
    content: Object.fromEntries(
      Object.entries(content).map(([mediaType, schema]) => [mediaType, { schema }]),
    ),
  };
}

/** A download's bytes. */
export const fileBytes = z.file();

/** A CSV download (UTF-8 with a BOM, a header row, CRLF line ends: lib/csv.ts). */
export const csvAnswer = (what: string) =>
  mediaAnswer(`${what}, as a CSV file to download (UTF-8 with a byte order mark, a header row)`, {
    'text/csv': z.string(),
  });
