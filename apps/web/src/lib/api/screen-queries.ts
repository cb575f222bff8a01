import { readStoredSession } from '../session/session-storage';
import { staffRoleOf } from '../session/session';

/**
 * A back-office screen's data starts downloading together with the screen's code (issue 33, decision 053). The
 * router calls the screen's route loader on navigation and at the first load, at the same moment it starts
 * fetching the screen's lazy module; the loader starts the screen's queries here. When the screen has arrived and
 * its query runs, the query client (createQueryClient) takes the request already on its way instead of asking
 * again. This module is in the first download, so it carries no TanStack Query code: a query is described in
 * TanStack's own shape (key and function), which the screen's hook hands to `useQuery` unchanged.
 */

/** A screen's query: its TanStack Query key and the function that fetches it. */
export interface ScreenQuery<T = unknown> {
  queryKey: readonly unknown[];
  queryFn: (context: { signal: AbortSignal }) => Promise<T>;
}

/**
 * A query key as text, the way TanStack Query hashes it (plain objects' keys sorted), so two keys that the cache
 * treats as one are one here too: `{ search: '' , page: 1 }` and `{ page: 1, search: '' }`, or a filter that is
 * `undefined` and one that is absent.
 */
export function queryKeyText(key: readonly unknown[]): string {
  return JSON.stringify(key, (_, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

/** The requests started for the screen being opened, by key, until its queries take them. */
const started = new Map<string, Promise<unknown>>();

/**
 * Starts the queries of the screen being opened. Only for a signed-in admin: anyone else is sent to Log In before
 * the screen draws. What an earlier navigation started and no screen took is forgotten: its screen was left.
 */
export function startScreenQueries(queries: readonly ScreenQuery[]): void {
  started.clear();
  if (!staffRoleOf(readStoredSession()?.user ?? null)) return;
  for (const query of queries) {
    // Never aborted: the screen that takes it may mount after the navigation's own signal has been used up.
    const request = query.queryFn({ signal: new AbortController().signal });
    // Whoever takes it handles its error; until then a failure is not an unhandled rejection.
    request.catch(() => undefined);
    started.set(queryKeyText(query.queryKey), request);
  }
}

/** The request started for this key, once: the query that takes it owns it, later fetches ask the server. */
export function takeStartedQuery(key: readonly unknown[]): Promise<unknown> | undefined {
  const text = queryKeyText(key);
  const request = started.get(text);
  started.delete(text);
  return request;
}

/** A session ends: what was started with its token is not shown to whoever signs in next. */
export function forgetStartedQueries(): void {
  started.clear();
}
