import type { PublicSettings, SuccessEnvelope } from '@school-transport/shared';
import { apiRequest } from './api-client';

/** GET /api/settings: what this installation tells every visitor (its locale, the map tiles to use). */
export async function fetchPublicSettings(signal?: AbortSignal): Promise<PublicSettings | null> {
  const answer = await apiRequest<SuccessEnvelope<PublicSettings>>('GET', '/settings', undefined, { signal });
  return answer.data ?? null;
}

let early: Promise<PublicSettings | null> | null = null;

/**
 * Asks for the settings while a back-office screen's files are still downloading: the signed-in chrome draws no
 * screen before it knows the operator's locale, so waiting for the chrome to ask would add a round trip to every
 * first paint of a screen. The next settings query takes this answer (or its error, and then asks again).
 */
export function prefetchPublicSettings(): void {
  if (early) return;
  early = fetchPublicSettings();
  // Whoever takes it handles its error; until then a failure is not an unhandled rejection.
  early.catch(() => undefined);
}

/** The prefetched request, once: later queries ask the server themselves. */
export function takePrefetchedSettings(): Promise<PublicSettings | null> | null {
  const taken = early;
  early = null;
  return taken;
}
