import type {
  ChildCheckInput,
  ClockInput,
  HandOverMissInput,
  InspectionInput,
  PositionInput,
  RidershipBatchAnswer,
  RidershipEventInput,
} from '@school-transport/shared';
import { ApiError } from '../../lib/api/api-client';
import type { Outbox } from './outbox';

export const EVENTS = 'events';
export const POSITIONS = 'positions';
/**
 * Pre-trip inspections, child checks, "no authorized adult at the stop" (decision 065) and clock taps (decision
 * 074): each sent on its own (an inspection may carry photos), in the order made, before the scans.
 */
export const CHECKS = 'checks';
/** Events the server refused for good: kept on the device and shown, never sent again. */
export const REFUSED = 'refused';

/**
 * One device may be used by several drivers in turn: each one's items are in channels of their own, so a driver
 * only ever sends what they recorded, under their own session, and the others' wait for them.
 */
export function channelOf(base: string, owner: string): string {
  return `${base}:${owner}`;
}
/** The server takes up to 500 per request; smaller batches make each request quick on a weak signal. */
export const BATCH_SIZE = 100;
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 60_000;

export type DriverCheck =
  | { kind: 'inspection'; input: InspectionInput }
  | { kind: 'child-check'; input: ChildCheckInput }
  | { kind: 'hand-over-miss'; input: HandOverMissInput }
  /** A tap on Clock in or Clock out (decision 074): its time and place are the tap's, its id makes a replay safe. */
  | { kind: 'clock'; input: ClockInput };

export interface SyncSenders {
  events: (events: RidershipEventInput[]) => Promise<RidershipBatchAnswer>;
  positions: (positions: PositionInput[]) => Promise<unknown>;
  checks?: (check: DriverCheck) => Promise<unknown>;
}

export interface SyncStatus {
  /** Events (scans and taps) on the device that the server has not answered for yet. */
  waitingEvents: number;
  waitingPositions: number;
  /** Inspections and child checks not sent yet. */
  waitingChecks: number;
  /** Why the last attempt failed, while items still wait. */
  problem: string | null;
  /** Events the server refused for good, kept on the device; with the latest refusal's reason. */
  refusedEvents: number;
  refusedReason: string | null;
}

export interface SyncOptions {
  onOutcomes?: (answer: RidershipBatchAnswer) => void;
  /** An inspection or child check reached the server: what the day's screen shows has changed. */
  onChecksSent?: () => void;
  /** The server refused the session: sending stops until the driver signs in again. */
  onUnauthorized?: () => void;
  /** The first pause after a failure; each next one doubles, up to a minute. */
  firstRetryMs?: number;
}

/**
 * Sends what the outbox holds for one driver (`owner`, their user id), oldest first, in batches, and removes a
 * batch only once the server has answered for it. A failed connection or a server error is retried with a growing
 * pause (1 s doubling to a minute), and at once when the browser says it is back online. Events the server refuses
 * as such (400, 403, 404, 409: no retry can change that) are moved aside, one by one so that one bad event does
 * not take its batch with it, and kept with the server's reason for the screen to show; they no longer block what
 * was recorded after them. Refused positions (a track point says little on its own) are dropped, in the console.
 */
export class OutboxSync {
  private status: SyncStatus = {
    waitingEvents: 0,
    waitingPositions: 0,
    waitingChecks: 0,
    problem: null,
    refusedEvents: 0,
    refusedReason: null,
  };
  private readonly events: string;
  private readonly positions: string;
  private readonly checks: string;
  private readonly refused: string;
  private readonly listeners = new Set<(status: SyncStatus) => void>();
  private running: Promise<void> | null = null;
  private again = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly firstRetryMs: number;
  private retryDelay: number;
  private stopped = false;

  constructor(
    private readonly outbox: Outbox,
    owner: string,
    private readonly senders: SyncSenders,
    private readonly options: SyncOptions = {},
  ) {
    this.events = channelOf(EVENTS, owner);
    this.positions = channelOf(POSITIONS, owner);
    this.checks = channelOf(CHECKS, owner);
    this.refused = channelOf(REFUSED, owner);
    this.firstRetryMs = options.firstRetryMs ?? FIRST_RETRY_MS;
    this.retryDelay = this.firstRetryMs;
  }

  subscribe(listener: (status: SyncStatus) => void): () => void {
    this.listeners.add(listener);
    listener(this.status);
    return () => this.listeners.delete(listener);
  }

  getStatus(): SyncStatus {
    return this.status;
  }

  async recordEvents(events: RidershipEventInput[]): Promise<void> {
    await this.outbox.add(this.events, events);
    await this.refreshCounts();
    void this.flush();
  }

  /** Keeps an inspection or child check on the device, then sends it; replays are safe (device-made ids). */
  async recordCheck(check: DriverCheck): Promise<void> {
    await this.outbox.add(this.checks, [check]);
    await this.refreshCounts();
    void this.flush();
  }

  async recordPositions(positions: PositionInput[]): Promise<void> {
    await this.outbox.add(this.positions, positions);
    await this.refreshCounts();
    void this.flush();
  }

  /**
   * Sends everything now (a new scan, back online, a retry); resolves when the outbox is empty or sending failed.
   * Called while a send is under way, it makes that send go round once more, for what was added meanwhile.
   */
  flush(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.clearRetry();
    this.running = this.sendRounds().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async sendRounds(): Promise<void> {
    do {
      this.again = false;
      await this.sendAll();
      // After a failure the retry timer decides when to try again, not a scan made meanwhile.
    } while (this.again && !this.stopped && this.retryTimer === null);
  }

  /** Back online: whatever pause the retries had reached, try now. */
  retryNow(): void {
    this.retryDelay = this.firstRetryMs;
    void this.flush();
  }

  /** Sends again after stop(): a screen that is shown again (React may mount a component twice). */
  resume(): void {
    this.stopped = false;
  }

  stop(): void {
    this.stopped = true;
    this.clearRetry();
  }

  private async sendAll(): Promise<void> {
    try {
      // Scans first: they are what the office and the parents wait for. Positions go one batch at a time, so a
      // scan made while a long track is being sent still goes next, not after the whole track.
      const sendCheck = this.senders.checks;
      if (sendCheck) {
        // Before a trip can start its inspection must be in; a batch is sent one check at a time.
        const sent = await this.drain<DriverCheck>(
          this.checks,
          Infinity,
          async (batch) => {
            for (const check of batch) await sendCheck(check);
          },
          true,
        );
        if (sent > 0) this.options.onChecksSent?.();
      }
      for (;;) {
        await this.drain<RidershipEventInput>(
          this.events,
          Infinity,
          async (batch) => {
            const answer = await this.senders.events(batch);
            this.options.onOutcomes?.(answer);
          },
          true,
        );
        const sent = await this.drain<PositionInput>(
          this.positions,
          1,
          (batch) => this.senders.positions(batch),
          false,
        );
        if (sent === 0) break;
      }
      this.retryDelay = this.firstRetryMs;
      await this.refreshCounts(null);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        this.stop();
        await this.refreshCounts('Your session has ended. Sign in again to send what is waiting.');
        this.options.onUnauthorized?.();
        return;
      }
      await this.refreshCounts(error instanceof Error ? error.message : String(error));
      this.scheduleRetry();
    }
  }

  /**
   * Sends up to `maxBatches` batches of a channel, oldest first; answers how many it sent. A batch refused for
   * good is, when `keepRefused`, sent again one item at a time so that only the refused ones are set aside.
   */
  private async drain<T>(
    channel: string,
    maxBatches: number,
    send: (batch: T[]) => Promise<unknown>,
    keepRefused: boolean,
  ): Promise<number> {
    let batches = 0;
    while (batches < maxBatches) {
      const items = await this.outbox.peek<T>(channel, BATCH_SIZE);
      if (items.length === 0) break;
      batches += 1;
      try {
        await send(items.map((item) => item.payload));
        await this.outbox.remove(items.map((item) => item.seq));
      } catch (error) {
        if (!isPermanentRefusal(error)) throw error;
        if (!keepRefused) {
          console.error(`The server refused ${items.length} ${channel}; they are dropped`, error);
          await this.outbox.remove(items.map((item) => item.seq));
        } else if (items.length === 1) {
          await this.outbox.move([items[0]!.seq], this.refused, (error as ApiError).message);
        } else {
          for (const item of items) {
            try {
              await send([item.payload]);
              await this.outbox.remove([item.seq]);
            } catch (single) {
              if (!isPermanentRefusal(single)) throw single;
              await this.outbox.move([item.seq], this.refused, (single as ApiError).message);
            }
          }
        }
      }
      await this.refreshCounts();
    }
    return batches;
  }

  /** The driver has seen the refused events and lets them go (the office has the rest of the trip). */
  async discardRefused(): Promise<void> {
    const items = await this.outbox.peek(this.refused, 10_000);
    await this.outbox.remove(items.map((item) => item.seq));
    await this.refreshCounts();
  }

  private scheduleRetry(): void {
    if (this.stopped) return;
    this.clearRetry();
    this.retryTimer = setTimeout(() => void this.flush(), this.retryDelay);
    this.retryDelay = Math.min(this.retryDelay * 2, LAST_RETRY_MS);
  }

  private clearRetry(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private async refreshCounts(problem: string | null = this.status.problem): Promise<void> {
    const [waitingEvents, waitingPositions, waitingChecks, refused] = await Promise.all([
      this.outbox.count(this.events),
      this.outbox.count(this.positions),
      this.outbox.count(this.checks),
      this.outbox.peek(this.refused, 10_000),
    ]);
    this.status = {
      waitingEvents,
      waitingPositions,
      waitingChecks,
      problem: waitingEvents + waitingPositions + waitingChecks > 0 ? problem : null,
      refusedEvents: refused.length,
      refusedReason: refused.at(-1)?.reason ?? null,
    };
    for (const listener of this.listeners) listener(this.status);
  }
}

/** Refusals that no retry can change; 401 (sign in again), 408, 429 and 5xx are worth retrying. */
function isPermanentRefusal(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const { status } = error;
  return status >= 400 && status < 500 && ![401, 408, 429].includes(status);
}
