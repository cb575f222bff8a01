/**
 * A phone app's first data request, started by its boot script (driver-boot.ts, parent-boot.ts: a few hundred
 * bytes loaded from the HTML's head) while the app's own code is still downloading, and handed to the app when its
 * query asks for the same path. On a slow phone network this saves the app's whole download and start-up time
 * before the data starts to come.
 *
 * This module is shared by the boot script and the app (one chunk, so one instance): keep it free of imports
 * beyond the session store, or the boot script grows.
 */

interface FirstRequest {
  /** The API path without /api, as apiRequest takes it ('/driver/today'). */
  path: string;
  /** The token it was sent with: an answer for another session is never handed over. */
  token: string;
  startedAt: number;
  response: Promise<Response>;
}

/** Older than this, the answer is no longer "the first screen's data" (the app was opened on another screen). */
const FRESH_FOR_MS = 30_000;

let pending: FirstRequest | null = null;

/** The boot script's part: sends GET /api<path> as the app's apiRequest would, with the stored token. */
export function startFirstRequest(path: string, token: string): void {
  const response = fetch(`/api${path}`, {
    headers: { Accept: 'application/json', Authorization: token },
  });
  // Nobody may ever take it (the app opened on a screen without this query): its failure must not be reported
  // as unhandled. The app that takes it reads the same promise and sees the failure.
  response.catch(() => undefined);
  pending = { path, token, startedAt: performance.now(), response };
}

/**
 * The app's part, in the query function of its first screen: the boot script's request for `path` with `token`,
 * once (the next call sends its own), or undefined when there is none to take. Pass it to apiRequest as
 * `started`: `apiRequest('GET', path, undefined, { token, signal, started: takeFirstRequest(path, token) })`.
 */
export function takeFirstRequest(path: string, token: string): Promise<Response> | undefined {
  const first = pending;
  if (!first || first.path !== path) return undefined;
  pending = null;
  if (first.token !== token || performance.now() - first.startedAt > FRESH_FOR_MS) return undefined;
  return first.response;
}
