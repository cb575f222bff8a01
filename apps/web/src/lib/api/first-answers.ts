import type { QueryClient } from '@tanstack/react-query';

/** Resolves just after the browser's next frame: what has been committed by now is on screen. */
export const nextFrameDrawn = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

const drawnByClient = new WeakMap<QueryClient, Promise<void>>();

/**
 * Resolves once the page's first answer is on screen: one of the client's queries has settled (with an answer or an
 * error: a failing one may be retried for seconds) and a frame has been drawn since; the queries that drawing it
 * starts are not waited for. The phone apps put off until then what their first screen does not need (the other
 * screens' code fetched for offline use, the service worker, the live stream's schemas; decision 081): fetched and
 * evaluated earlier, it competed with the first screen's answer for a slow phone's network and main thread, and the
 * screen's largest text was drawn after it.
 */
export function firstAnswersDrawn(client: QueryClient): Promise<void> {
  let drawn = drawnByClient.get(client);
  if (!drawn) {
    drawn = new Promise((resolve) => {
      const cache = client.getQueryCache();
      const settled = () => cache.getAll().some((query) => query.state.status !== 'pending');
      if (settled()) return resolve(nextFrameDrawn());
      const stopWatching = cache.subscribe(() => {
        if (!settled()) return;
        stopWatching();
        resolve(nextFrameDrawn());
      });
    });
    drawnByClient.set(client, drawn);
  }
  return drawn;
}
