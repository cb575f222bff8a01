import { useEffect, useLayoutEffect, useRef } from 'react';
import type { EventStream, StreamHandlers, StreamPayloads } from './event-stream';

/**
 * Follows `stream` while the component is mounted: each handler gets the events of its topic. The latest handlers
 * are used without resubscribing, so callers may pass fresh functions on every render.
 */
export function useStreamEvents<Events extends object>(
  stream: EventStream<Events>,
  handlers: StreamHandlers<Events>,
): void {
  const latest = useRef(handlers);
  // Right after each render, before an event can come: a passive effect runs a frame later on Preact (the phone
  // apps), and an event in between would reach the previous render's handlers (its data, say).
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  const topics = Object.keys(handlers).sort().join(',');
  useEffect(() => {
    type Topic = keyof StreamPayloads<Events>;
    const unsubscribes = (topics.split(',').filter(Boolean) as Topic[]).map((topic) =>
      stream.subscribe(topic, (payload) =>
        (latest.current[topic] as ((value: typeof payload) => void) | undefined)?.(payload),
      ),
    );
    return () => unsubscribes.forEach((unsubscribe) => unsubscribe());
  }, [stream, topics]);
}
