import { useEffect, useRef, useSyncExternalStore } from 'react';
import { liveStream, type LivePayloads, type LiveStatus, type LiveTopic } from './live-stream';

/** The stream's state, for the "Live" / "Reconnecting…" indicator. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(liveStream.subscribeStatus, liveStream.getStatus);
}

export type LiveHandlers = { [topic in LiveTopic]?: (payload: LivePayloads[topic]) => void };

/**
 * Follows the tab's stream while the component is mounted: each handler gets the events of its topic. The
 * latest handlers are used without resubscribing, so callers may pass fresh functions on every render.
 */
export function useLiveEvents(handlers: LiveHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const topics = Object.keys(handlers).sort().join(',');
  useEffect(() => {
    const unsubscribes = (topics.split(',').filter(Boolean) as LiveTopic[]).map((topic) =>
      liveStream.subscribe(topic, (payload) =>
        (latest.current[topic] as ((value: typeof payload) => void) | undefined)?.(payload),
      ),
    );
    return () => unsubscribes.forEach((unsubscribe) => unsubscribe());
  }, [topics]);
}

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
