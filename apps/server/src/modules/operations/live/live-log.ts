import type { LiveEventType } from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import { insertLiveEvents } from './live-queries.js';

/** One event for the live stream, as a service hands it over. */
export interface LiveEventInput {
  type: LiveEventType;
  tripId: string | null;
  /** Besides admins, who may receive it: the user driving the trip. */
  driverUserId: string | null;
  payload: unknown;
}

/**
 * How services put events on the live stream: `write` in the transaction of the change the events tell of (a crash
 * loses none, a rollback sends none), then `committed` once that transaction has committed, so every process's hub
 * reads them now rather than at its next poll.
 */
export interface LiveLog {
  write(tx: Executor, events: LiveEventInput[]): Promise<void>;
  committed(): void;
}

export function createLiveLog(onCommitted: () => void): LiveLog {
  return {
    write: (tx, events) => insertLiveEvents(tx, events),
    committed: onCommitted,
  };
}
