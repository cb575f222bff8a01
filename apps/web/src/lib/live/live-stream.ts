import {
  alertSchema,
  liveRidershipSchema,
  livePositionSchema,
  liveStopsSchema,
  liveTripSchema,
  type Alert,
  type LiveEventType,
  type LivePosition,
  type LiveRidership,
  type LiveStops,
  type LiveTrip,
} from '@school-transport/shared';
import type { z } from 'zod';
import { EventStream, type EventStreamOptions } from './event-stream';
import { requestLiveCookie } from './live-cookie-api';

/** What each `event:` of the stream carries, and 'sync': "reload what you hold, you may have missed something". */
export interface LivePayloads {
  ridership: LiveRidership;
  position: LivePosition;
  trip: LiveTrip;
  stops: LiveStops;
  alert: Alert;
  sync: undefined;
}
export type LiveTopic = keyof LivePayloads;

export type { EventSourceLike, StreamStatus as LiveStatus } from './event-stream';

const PAYLOAD_SCHEMAS: { [type in LiveEventType]: z.ZodType<LivePayloads[type]> } = {
  ridership: liveRidershipSchema,
  position: livePositionSchema,
  trip: liveTripSchema,
  stops: liveStopsSchema,
  alert: alertSchema,
};

export type LiveStreamOptions = Partial<EventStreamOptions>;

/** The office's stream: the event types of the live screens, with the back-office session's cookie. */
export class LiveStream extends EventStream<Omit<LivePayloads, 'sync'>> {
  constructor(options: LiveStreamOptions = {}) {
    super(PAYLOAD_SCHEMAS, { requestCookie: requestLiveCookie, ...options });
  }
}

/** The tab's one stream. */
export const liveStream = new LiveStream();
