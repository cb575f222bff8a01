import { z } from 'zod';
import { isStorable } from './fields.js';

/** Rows-per-page choices of every list screen; the API takes any limit up to the largest. */
export const PAGE_SIZES = [5, 10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const SEARCH_MAX = 100;

/** Query of every `get-all` call: page from 1, limit 1 to 100, search trimmed. */
export const listQuerySchema = z.object({
  page: z.coerce
    .number()
    .int('page must be a whole number')
    .min(1, 'page starts at 1')
    .max(1_000_000)
    .default(1),
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be between 1 and 100')
    .max(100, 'limit must be between 1 and 100')
    .default(DEFAULT_PAGE_SIZE),
  search: z
    .string()
    .trim()
    .max(SEARCH_MAX, `search must be at most ${SEARCH_MAX} characters`)
    .refine(isStorable, 'search contains characters that cannot be searched for')
    .default(''),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** Lists of things that can be assigned also filter to the ones that are free: `?unassigned=true`. */
export const assignableListQuerySchema = listQuerySchema.extend({
  unassigned: z.stringbool({ error: 'unassigned must be true or false' }).optional(),
});
export type AssignableListQuery = z.infer<typeof assignableListQuerySchema>;
