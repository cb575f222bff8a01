import type { ParentLivePayloads } from '@school-transport/shared';
import { createContext, useContext } from 'react';
import { apiRequest } from '../../lib/api/api-client';
import { EventStream, type EventStreamOptions, type StreamHandlers } from '../../lib/live/event-stream';
import { useStreamEvents } from '../../lib/live/use-stream-events';

/** What GET /api/live sends a parent (PARENT_LIVE_EVENTS): only about their own children and their trips. */
export type ParentEvents = ParentLivePayloads;

export type ParentStream = EventStream<ParentEvents>;

/**
 * The portal's stream, with its cookie asked for as the signed-in parent (their token, not the office's). Its
 * events' schemas (zod) are loaded with its first connection, once `firstScreenDrawn` has resolved: the first
 * screen's answer is drawn before them.
 */
export function createParentStream(
  token: string,
  firstScreenDrawn: Promise<void> = Promise.resolve(),
  options: Partial<EventStreamOptions> = {},
): ParentStream {
  const loadSchemas = async () => {
    await firstScreenDrawn;
    return (await import('./parent-live-schemas')).parentLiveSchemas;
  };
  return new EventStream<ParentEvents>(loadSchemas, {
    requestCookie: async () => {
      await apiRequest('POST', '/live/cookie', undefined, { token });
    },
    ...options,
  });
}

export const ParentStreamContext = createContext<ParentStream | null>(null);

/** Follows the portal's stream while the component is mounted. */
export function useParentEvents(handlers: StreamHandlers<ParentEvents>): void {
  const stream = useContext(ParentStreamContext);
  if (!stream) throw new Error('useParentEvents must be used inside the parent portal');
  useStreamEvents(stream, handlers);
}
