import { z } from 'zod';
import { isStorable } from './fields.js';
import { DEFAULT_PAGE_SIZE, SEARCH_MAX, SORT_ORDERS, type SortOrder } from './list-paging.js';

export * from './list-paging.js';

/**
 * Where a page starts when it is reached one page at a time (keyset paging, decision 040): the sort key and id of
 * the row it starts after (`next`, from the last row of the page before) or before (`prev`, from the first row of
 * the page after), and the order (`s`) they belong to. The server writes it (`pagination.nextCursor` /
 * `previousCursor`); a client passes it back as it is, with the page number the rows are, so the answer still says
 * where they sit ("Showing X–Y of Z"). Opaque to clients: unpadded base64url of this object's JSON.
 */
export interface ListCursor {
  /** The order's name, as the server names it (`newest`, `name_asc` …). */
  s: string;
  d: 'next' | 'prev';
  /** The row's sort key and, last, its id, each as PostgreSQL writes it as text; null for an empty column. */
  k: (string | null)[];
}
export const CURSOR_MAX = 2000;
export const CURSOR_MESSAGE = 'cursor is not one this list gave: ask for the page without it';

const cursorShape = z.object({
  s: z.string().max(100),
  d: z.enum(['next', 'prev']),
  k: z
    .array(z.string().max(600).nullable())
    .min(1)
    .max(8)
    .refine((key) => key.at(-1) !== null),
});

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The UTF-8 text that unpadded base64url `text` encodes (the browser and the server alike); throws if none. */
function fromBase64url(text: string): string {
  let bits = 0;
  let value = 0;
  let escaped = '';
  for (const char of text) {
    value = (value << 6) | BASE64URL.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      escaped += `%${((value >> bits) & 0xff).toString(16).padStart(2, '0')}`;
    }
  }
  // Throws URIError on bytes that are not UTF-8.
  return decodeURIComponent(escaped);
}

/** The cursor in `text`, or undefined if it is not one (not base64url, not JSON, not of the cursor's shape). */
export function decodeListCursor(text: string): ListCursor | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  try {
    const parsed = cursorShape.safeParse(JSON.parse(fromBase64url(text)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

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
  /** A page reached from the one before or after it (ListCursor); `page` still says which page it is. */
  cursor: z
    .string()
    .max(CURSOR_MAX, CURSOR_MESSAGE)
    .transform((text, context) => {
      const cursor = decodeListCursor(text);
      if (cursor) return cursor;
      context.addIssue({ code: 'custom', message: CURSOR_MESSAGE });
      return z.NEVER;
    })
    .optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** Lists of things that can be assigned also filter to the ones that are free: `?unassigned=true`. */
export const assignableListQuerySchema = listQuerySchema.extend({
  unassigned: z.stringbool({ error: 'unassigned must be true or false' }).optional(),
});
export type AssignableListQuery = z.infer<typeof assignableListQuerySchema>;
/** The query of a list that hides deactivated records unless asked (decision 076). */
export interface DeactivatableListQuery {
  withDeactivated?: boolean;
}

/**
 * Lists of records roster sync may deactivate (children, guardians, schools: decision 076) show the active ones
 * unless asked `?withDeactivated=true`, which lists the deactivated ones too.
 */
const withDeactivated = {
  withDeactivated: z.stringbool({ error: 'withDeactivated must be true or false' }).optional(),
};

/**
 * The columns each list sorts by (`?sort=name&order=desc`), keyed by the list's API resource. Only these: each
 * one is read along an index at a million rows (migration 0022), so a column that cannot be (a count per row, a
 * state worked out from several fields) is not offered. Why each list offers what it does: decision 035.
 */
export const LIST_SORTS = {
  drivers: ['name', 'email', 'licenseNo', 'createdAt'],
  vehicles: ['licensePlate', 'type', 'capacity', 'createdAt'],
  routes: ['name', 'startLocation', 'endLocation', 'distanceKm', 'durationMin', 'createdAt'],
  stops: ['name', 'createdAt'],
  schools: ['name', 'bellTime', 'dismissalTime', 'createdAt'],
  parents: ['name', 'email', 'createdAt'],
  students: ['name', 'class', 'parentName', 'createdAt'],
  'route-assignments': ['routeName', 'driverName', 'vehiclePlate', 'createdAt'],
  trips: ['date', 'routeName', 'driverName', 'status'],
  users: ['name', 'email', 'createdAt'],
  'audit-log': ['createdAt', 'action', 'actorEmail'],
  'message-templates': ['name', 'createdAt'],
} as const satisfies Record<string, readonly [string, ...string[]]>;
export type SortedList = keyof typeof LIST_SORTS;
export type SortKey<L extends SortedList> = (typeof LIST_SORTS)[L][number];

/** The chosen sort of a list; without `sort` the list keeps its own order (newest first; trips by day). */
export interface ListSort<Key extends string = string> {
  sort?: Key;
  order?: SortOrder;
}

/**
 * A list's query with its sort: `sort` must be one of the list's columns (any other is a 400 naming them) and
 * `order` goes with a `sort` (ascending unless said).
 */
export function sortedListQuery<Shape extends z.ZodRawShape, Keys extends readonly [string, ...string[]]>(
  base: z.ZodObject<Shape>,
  keys: Keys,
) {
  return (
    base
      .extend({
        sort: z.enum(keys, { error: `sort must be one of: ${keys.join(', ')}` }).optional(),
        order: z.enum(SORT_ORDERS, { error: 'order must be asc or desc' }).optional(),
      })
      // Generic over the base's shape, the refinement cannot see the two fields' types; it reads them by name.
      .refine((query) => (query as ListSort).order === undefined || (query as ListSort).sort !== undefined, {
        path: ['order'],
        message: 'order goes with a sort column',
      })
  );
}

/** The queries of the lists whose filters are the common ones, each with its own columns to sort by. */
export const driverListQuerySchema = sortedListQuery(assignableListQuerySchema, LIST_SORTS.drivers);
export const vehicleListQuerySchema = sortedListQuery(assignableListQuerySchema, LIST_SORTS.vehicles);
export const busRouteListQuerySchema = sortedListQuery(assignableListQuerySchema, LIST_SORTS.routes);
export const parentListQuerySchema = sortedListQuery(
  listQuerySchema.extend(withDeactivated),
  LIST_SORTS.parents,
);
export const studentListQuerySchema = sortedListQuery(
  assignableListQuerySchema.extend(withDeactivated),
  LIST_SORTS.students,
);
export const stopListQuerySchema = sortedListQuery(listQuerySchema, LIST_SORTS.stops);
export const schoolListQuerySchema = sortedListQuery(
  listQuerySchema.extend(withDeactivated),
  LIST_SORTS.schools,
);
export const staffUserListQuerySchema = sortedListQuery(listQuerySchema, LIST_SORTS.users);
