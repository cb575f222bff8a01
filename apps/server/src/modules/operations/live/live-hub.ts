import { LIVE_EVENTS, type LiveEventType } from '@school-transport/shared';
import type { Database, DatabaseHandle } from '../../../db/client.js';
import { LIVE_ACCESS_CHANNEL, type LiveAccess } from './live-access.js';
import { latestLiveEventId, liveEventsAfter, oldestLiveEventId, type LiveEventRow } from './live-queries.js';

/** The channel every API process LISTENs on. The NOTIFY carries nothing: ids only, read from live_events. */
export const LIVE_CHANNEL = 'live_events';

/** One event as the hub hands it to streams: the frame is built once, whoever many streams it goes to. */
export interface LiveEvent {
  id: number;
  type: LiveEventType;
  tripId: string | null;
  driverUserId: string | null;
  /**
   * What the event tells, as stored: more than clients are sent, for the streams that decide on the server what a
   * viewer may see (parents).
   */
  payload: unknown;
  /** The whole Server-Sent Events frame: id, event and data lines, the data as the contract sends it (wireOf). */
  frame: string;
}

/** A stream's end of the hub: what it may see, and how to give it an event or tell it to reload. */
export interface LiveSubscriber {
  canSee(event: LiveEvent): boolean;
  send(event: LiveEvent): void;
  /** It missed more than can be replayed: it must load the state again. */
  reset(): void;
}

export interface LiveHubOptions {
  db: Database;
  listen: DatabaseHandle['listen'];
  notify: DatabaseHandle['notify'];
  log: { warn(object: object, message: string): void; info(object: object, message: string): void };
  /** The most NOTIFYs one process sends per second: each commit of one takes a database-wide lock. */
  notifiesPerSecond?: number;
  /** How long a missing id is waited for (a transaction that took its id but has not committed) before skipping it. */
  gapWaitMs?: number;
  /** How many recent events are kept in memory to replay to a reconnecting browser. */
  memoryEvents?: number;
}

const READ_BATCH = 1_000;
/** A reconnecting browser is replayed at most this many events; further behind, it reloads. */
export const MAX_REPLAY = 10_000;

/** The fields the contract sends of each type (LIVE_EVENTS): what clients read, and nothing else. */
const WIRE_FIELDS = Object.fromEntries(
  Object.entries(LIVE_EVENTS).map(([type, { schema }]) => [type, Object.keys(schema.shape)]),
) as Record<LiveEventType, string[]>;

/** A stored payload as clients are sent it: only the contract's fields of its type. */
export function wireOf(type: LiveEventType, payload: unknown): Record<string, unknown> {
  const stored = payload as Record<string, unknown>;
  return Object.fromEntries(WIRE_FIELDS[type].filter((field) => field in stored).map((f) => [f, stored[f]]));
}

export function frameOf(row: LiveEventRow): string {
  return `id: ${row.id}\nevent: ${row.type}\ndata: ${JSON.stringify(wireOf(row.type, row.payload))}\n\n`;
}

function toEvent(row: LiveEventRow): LiveEvent {
  return {
    id: row.id,
    type: row.type,
    tripId: row.tripId,
    driverUserId: row.driverUserId,
    payload: row.payload,
    frame: frameOf(row),
  };
}

/**
 * The live stream's fan-out inside one API process. Every process reads the same log (live_events) in id order and
 * sends each event to its own browsers, so an event committed through any process reaches all of them:
 *
 * - After a local commit, `committed()` reads at once and sends one NOTIFY, coalesced to a few per second, so the
 *   other processes read too. A NOTIFY names no event; whoever receives it reads everything after its cursor.
 * - Ids come from a sequence, taken at insert: a transaction can commit after one that took a later id. An id that
 *   is missing is waited for (gapWaitMs) before it is taken as rolled back and skipped, so events go out in id
 *   order and a browser's Last-Event-ID never passes over one that commits late.
 * - When the listening connection comes back after a drop, the hub reads from its cursor: nothing is missed; and
 *   the live-catch-up job (job-registry.ts) has it read every second, should a NOTIFY be lost before the drop is seen.
 * - The last `memoryEvents` events stay in memory for reconnecting browsers; older ones are read from the log.
 */
export class LiveHub {
  private cursor = 0;
  private readonly recent: LiveEvent[] = [];
  private readonly subscribers = new Set<LiveSubscriber>();
  private reading: Promise<void> | null = null;
  private readAgain = false;
  private gapSince: number | null = null;
  private gapTimer: ReturnType<typeof setTimeout> | null = null;
  private notifyTimer: ReturnType<typeof setTimeout> | null = null;
  private lastNotifyAt = 0;
  private unlisten: (() => Promise<void>) | null = null;
  private started = false;
  private stopped = false;
  /**
   * Where access changes go (live-access.ts), set before start. They are heard on the hub's own connection: one
   * listening connection per process, and an access change arrives before the NOTIFY of any event committed after
   * it, so a stream it ends is never sent that event first.
   */
  access: Pick<LiveAccess, 'notified' | 'resynced'> | null = null;
  private readonly notifyGapMs: number;
  private readonly gapWaitMs: number;
  private readonly memoryEvents: number;

  constructor(private readonly options: LiveHubOptions) {
    this.notifyGapMs = 1000 / (options.notifiesPerSecond ?? 5);
    this.gapWaitMs = options.gapWaitMs ?? 2_000;
    this.memoryEvents = options.memoryEvents ?? 10_000;
  }

  /** The id of the last event sent to streams: a new stream starts after it. */
  get lastId(): number {
    return this.cursor;
  }

  get streams(): number {
    return this.subscribers.size;
  }

  /** The id being waited for (taken by a transaction that has not committed yet), or null when none is. */
  get waitingFor(): number | null {
    return this.gapSince === null ? null : this.cursor + 1;
  }

  async start(): Promise<void> {
    this.cursor = await latestLiveEventId(this.options.db);
    this.unlisten = await this.options.listen([LIVE_CHANNEL, LIVE_ACCESS_CHANNEL], {
      onNotify: (payload, channel) => {
        if (channel === LIVE_ACCESS_CHANNEL) this.access?.notified(payload);
        else this.read();
      },
      onResync: () => {
        this.access?.resynced();
        this.read();
      },
      onLost: (error) =>
        this.options.log.warn(
          { err: error?.message },
          'live events: the listening connection was lost; reconnecting, then reading what was missed',
        ),
    });
    this.started = true;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of [this.gapTimer, this.notifyTimer]) if (timer) clearTimeout(timer);
    this.subscribers.clear();
    await this.unlisten?.();
    await this.reading?.catch(() => undefined);
  }

  /** Reads the log after the cursor now, and answers once read (the live-catch-up job); nothing before start(). */
  async catchUp(): Promise<void> {
    if (!this.started) return;
    this.read();
    await this.reading;
  }

  /** Events were committed by this process: read them now, and tell the other processes. */
  committed(): void {
    this.read();
    if (this.notifyTimer) return;
    const wait = Math.max(0, this.lastNotifyAt + this.notifyGapMs - Date.now());
    this.notifyTimer = setTimeout(() => {
      this.notifyTimer = null;
      this.lastNotifyAt = Date.now();
      if (this.stopped) return;
      this.options
        .notify(LIVE_CHANNEL)
        .catch((error: Error) =>
          this.options.log.warn({ err: error.message }, 'live events: NOTIFY failed; other processes poll'),
        );
    }, wait);
  }

  /**
   * Adds a stream. With `afterId` (its Last-Event-ID), it first gets what it missed, from memory or from the log,
   * then the live events, in id order without a gap or a repeat; when it missed more than MAX_REPLAY, or events
   * already pruned, or names an id the log never held, it is told to reload. Answers the function that removes it.
   */
  async subscribe(subscriber: LiveSubscriber, afterId: number | null): Promise<() => void> {
    if (afterId === null || afterId >= this.cursor) {
      this.subscribers.add(subscriber);
      const remove = () => this.subscribers.delete(subscriber);
      // Ahead of this process is fine (another one may have sent it newer events), but not ahead of the log: such
      // ids come from before the database was restored from a backup, and would hide every event until passed.
      if (afterId !== null && afterId > this.cursor && afterId > (await latestLiveEventId(this.options.db))) {
        remove();
        subscriber.reset();
        return () => {};
      }
      return remove;
    }
    // Live events that arrive while the missed ones are read wait in a queue, then go out after them.
    const queued: LiveEvent[] = [];
    const queue: LiveSubscriber = {
      canSee: (event) => subscriber.canSee(event),
      send: (event) => queued.push(event),
      reset: () => {},
    };
    this.subscribers.add(queue);
    const upTo = this.cursor;
    const missed = await this.missedEvents(afterId, upTo);
    this.subscribers.delete(queue);
    if (missed === null) {
      // It reloads and comes back as a new stream: this one is not followed any further.
      subscriber.reset();
      return () => {};
    }
    for (const event of missed) if (subscriber.canSee(event)) subscriber.send(event);
    for (const event of queued) if (event.id > upTo) subscriber.send(event);
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /** Events after `afterId` up to `upTo` inclusive, from memory when it still holds them; null when too many. */
  private async missedEvents(afterId: number, upTo: number): Promise<LiveEvent[] | null> {
    if (upTo - afterId > MAX_REPLAY) return null;
    const oldest = this.recent[0];
    if (oldest && oldest.id <= afterId + 1)
      return this.recent.filter((event) => event.id > afterId && event.id <= upTo);
    // The log no longer holds what came right after afterId (pruned): the browser reloads instead.
    const oldestKept = await oldestLiveEventId(this.options.db);
    if (oldestKept === null || oldestKept > afterId + 1) return null;
    const rows = await liveEventsAfter(this.options.db, afterId, upTo - afterId);
    return rows.filter((row) => row.id <= upTo).map(toEvent);
  }

  /** Reads the log after the cursor; calls made while a read runs make it go round once more. */
  private read(): void {
    if (this.stopped) return;
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = this.readRounds()
      .catch((error: Error) =>
        this.options.log.warn({ err: error.message }, 'live events: reading the log failed'),
      )
      .finally(() => {
        this.reading = null;
      });
  }

  private async readRounds(): Promise<void> {
    do {
      this.readAgain = false;
      let full = true;
      while (full && !this.stopped) {
        const rows = await liveEventsAfter(this.options.db, this.cursor, READ_BATCH);
        full = rows.length === READ_BATCH;
        if (!this.deliver(rows)) return;
      }
    } while (this.readAgain && !this.stopped);
  }

  /** Sends rows in id order, stopping at a gap still waited for; answers false when it stopped there. */
  private deliver(rows: LiveEventRow[]): boolean {
    for (const row of rows) {
      if (row.id > this.cursor + 1) {
        const now = Date.now();
        this.gapSince ??= now;
        if (now - this.gapSince < this.gapWaitMs) {
          this.retryGap();
          return false;
        }
        this.options.log.info(
          { from: this.cursor + 1, to: row.id - 1 },
          'live events: ids never committed (rolled back), skipped',
        );
      }
      this.gapSince = null;
      this.cursor = row.id;
      const event = toEvent(row);
      this.recent.push(event);
      if (this.recent.length > this.memoryEvents)
        this.recent.splice(0, this.recent.length - this.memoryEvents);
      for (const subscriber of this.subscribers) if (subscriber.canSee(event)) subscriber.send(event);
    }
    return true;
  }

  private retryGap(): void {
    if (this.gapTimer) return;
    this.gapTimer = setTimeout(() => {
      this.gapTimer = null;
      this.read();
    }, 25);
    this.gapTimer.unref();
  }
}
