import { LIVE_EVENTS, schemasOf, type LivePayloads as StreamedPayloads } from '@school-transport/shared';
import { EventStream, type EventStreamOptions } from './event-stream';
import { requestLiveCookie } from './live-cookie-api';

/**
 * What each `event:` of the stream carries (LIVE_EVENTS: a trip to read again, or a position or alert to apply),
 * and 'sync': "reload what you hold, you may have missed something".
 */
export type LivePayloads = StreamedPayloads & { sync: undefined };
export type LiveTopic = keyof LivePayloads;

export type { EventSourceLike, StreamStatus as LiveStatus } from './event-stream';

export type LiveStreamOptions = Partial<EventStreamOptions>;

/** The office's stream: the event types of the live screens, with the back-office session's cookie. */
export class LiveStream extends EventStream<Omit<LivePayloads, 'sync'>> {
  constructor(options: LiveStreamOptions = {}) {
    super(schemasOf(LIVE_EVENTS), { requestCookie: requestLiveCookie, ...options });
  }
}

/** The tab's one stream. */
export const liveStream = new LiveStream();
