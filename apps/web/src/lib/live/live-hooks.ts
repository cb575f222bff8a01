import { useSyncExternalStore } from 'react';
import { useStreamEvents } from './use-stream-events';
import { liveStream, type LivePayloads, type LiveStatus, type LiveTopic } from './live-stream';

/** The stream's state, for the "Live" / "Reconnecting…" indicator. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(liveStream.subscribeStatus, liveStream.getStatus);
}

export type LiveHandlers = { [topic in LiveTopic]?: (payload: LivePayloads[topic]) => void };

/** Follows the tab's stream while the component is mounted (see useStreamEvents). */
export function useLiveEvents(handlers: LiveHandlers): void {
  useStreamEvents(liveStream, handlers);
}
