import { useSyncExternalStore } from 'react';

/** One clock for every age on the screen, ticking each second while anything shows one. */
const TICK_MS = 1_000;
const tickListeners = new Set<() => void>();
let tickTimer: ReturnType<typeof setInterval> | undefined;
let now = Date.now();

function subscribeTick(listener: () => void): () => void {
  tickListeners.add(listener);
  if (tickTimer === undefined) {
    now = Date.now();
    tickTimer = setInterval(() => {
      now = Date.now();
      tickListeners.forEach((each) => each());
    }, TICK_MS);
  }
  return () => {
    tickListeners.delete(listener);
    if (tickListeners.size === 0) {
      clearInterval(tickTimer);
      tickTimer = undefined;
    }
  };
}

/**
 * The time now (ms), renewed every second: a bus that stops sending turns stale on screen within a second of
 * crossing the threshold, without any event to say so.
 */
export function useNow(): number {
  // The first subscriber renews `now`, and React reads it again after subscribing: no stale first age.
  return useSyncExternalStore(subscribeTick, () => now);
}
