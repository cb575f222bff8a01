import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../../../db/client.js';

/**
 * Streams end with the access that opened them (decision 051). Whatever changes who may see what — a session
 * ended, an account disabled, deleted, given a new password, e-mail or role, a child moved to another family or
 * another bus — is told by database triggers (migration 0030) as a NOTIFY on LIVE_ACCESS_CHANNEL carrying the user
 * id; every API process listens (on the hub's connection, live-hub.ts) and ends that user's streams at once. The
 * browser reconnects, and the new stream is checked and scoped afresh: a revoked session is answered 401.
 *
 * The triggers reach every process a few milliseconds after the commit. The process that made the change waits for
 * its own listener before it answers: a request whose writes called `accessChanged()` (lib/access-changes.ts)
 * sends a marker NOTIFY after
 * its commit and, before its answer goes, waits until the marker came back. Notifications arrive in commit order,
 * so by then the trigger's have arrived too and its streams are closed: no frame follows the answer.
 */
export const LIVE_ACCESS_CHANNEL = 'live_access';

/** A marker's payload: never a user id (those are UUIDs). */
const MARKER = 'sync:';
/** How long an answer waits for its marker; past it (the listening connection is down) the answer goes anyway. */
const MARKER_WAIT_MS = 2_000;

export interface LiveAccessDeps {
  notify: DatabaseHandle['notify'];
  /** Ends every stream of this user on this process; answers how many. */
  endUser(userId: string): number;
  /**
   * The listener lost notifications: streams whose scope may have changed end (parents'), every other stream's
   * session is looked up again at once; answers how many ended.
   */
  resync(): number;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
  markerWaitMs?: number;
}

export interface LiveAccess {
  /** A NOTIFY on LIVE_ACCESS_CHANNEL, from any process. */
  notified(payload: string): void;
  /** The listening connection is back after a loss: what was told meanwhile is unknown. */
  resynced(): void;
  /** Resolves once every access change committed before the call has reached this process's streams. */
  caughtUp(): Promise<void>;
}

export function createLiveAccess(deps: LiveAccessDeps): LiveAccess {
  const markers = new Map<string, () => void>();
  const waitMs = deps.markerWaitMs ?? MARKER_WAIT_MS;
  let listening = false;
  return {
    notified(payload) {
      if (payload.startsWith(MARKER)) {
        markers.get(payload)?.();
        return;
      }
      const ended = deps.endUser(payload);
      if (ended) deps.log.info({ userId: payload, streams: ended }, 'live stream: access changed; ended');
    },

    resynced() {
      // The first call is the start of listening, with no stream open yet.
      if (!listening) {
        listening = true;
        return;
      }
      const ended = deps.resync();
      deps.log.info(
        { streams: ended },
        "live stream: access changes may have been missed; parents' streams ended, every session checked again",
      );
      for (const arrived of markers.values()) arrived();
    },

    async caughtUp() {
      const marker = `${MARKER}${randomUUID()}`;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const arrived = new Promise<void>((resolve) => {
        markers.set(marker, resolve);
        timer = setTimeout(() => {
          deps.log.warn({}, 'live stream: an access change was not heard back in time; answering anyway');
          resolve();
        }, waitMs);
      });
      try {
        await deps.notify(LIVE_ACCESS_CHANNEL, marker);
        await arrived;
      } catch (error) {
        deps.log.warn({ err: error }, 'live stream: could not wait for an access change to be heard');
      } finally {
        clearTimeout(timer);
        markers.delete(marker);
      }
    },
  };
}
