import { z } from 'zod';

/**
 * The shape of every JSON answer of the API: `{ success, type, message?, data?, pagination? }`, or an error with
 * a message and, for a form, one message per field. The web client parses answers with these types; the server
 * declares each route's answer with the schemas below, so the OpenAPI document describes answers too and a
 * handler cannot send a field its schema does not name.
 */
export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  /** True when a filter matches more rows than `total`: the server counts only a few pages ahead. */
  moreThanTotal: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/**
 * Where the pages next to a list page start (ListCursor, keyset paging, decision 040): ask for `?page=N+1&cursor=
 * {next}` or `?page=N-1&cursor={previous}`. Only lists paged by key send them, and only where such a page exists.
 */
export const pageCursorsSchema = z.object({ next: z.string().optional(), previous: z.string().optional() });
export type PageCursors = z.infer<typeof pageCursorsSchema>;

export interface SuccessEnvelope<T = unknown> {
  success: true;
  type: 'success';
  message?: string;
  data?: T;
  pagination?: Pagination;
  cursors?: PageCursors;
}

export type Envelope<T = unknown> = SuccessEnvelope<T> | ErrorEnvelope;

const successFields = {
  success: z.literal(true),
  type: z.literal('success'),
  message: z.string().optional(),
};

/** A success answer carrying `data` of the given shape. */
export const answerSchema = <Data extends z.ZodType>(data: Data) => z.object({ ...successFields, data });

/** A success answer with a message and no data (a delete, a logout). */
export const messageAnswerSchema = z.object(successFields);

/** One message of an error answer, about one field (`field` is its path, `children.0.name`) or the whole input. */
export const fieldErrorSchema = z.object({ field: z.string().optional(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/**
 * Every error answer (400, 401, 403, 404, 409, 429 …): a message a person can read, for a worded refusal its code
 * and values, and, for a form, one message per field at fault. The OpenAPI document refers every error answer of every route to this one schema.
 */
export const errorAnswerSchema = z.object({
  success: z.literal(false),
  type: z.literal('error'),
  message: z.string(),
  /**
   * For a refusal the server words from its messages catalogue (decision 053): the catalogue's key, stable, and
   * the values written into it. `message` is then in the language of whoever asked (a driver's or parent's, else
   * English).
   */
  code: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  errors: z.array(fieldErrorSchema).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorAnswerSchema>;

/** A `get-all` answer: one page of rows of the given shape and where that page sits in the whole. */
export const pageAnswerSchema = <Row extends z.ZodType>(row: Row) =>
  z.object({
    ...successFields,
    data: z.array(row),
    pagination: paginationSchema,
    cursors: pageCursorsSchema.optional(),
  });
