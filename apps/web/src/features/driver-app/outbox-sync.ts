import type { PositionInput, RidershipBatchAnswer, RidershipEventInput } from '@school-transport/shared';
import { ApiError } from '../../lib/api-client';
import type { Outbox } from '../../lib/outbox';

export const EVENTS = 'events';
export const POSITIONS = 'positions';
/** The server takes up to 500 per request; smaller batches make each request quick on a weak signal. */
export const BATCH_SIZE = 100;
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 60_000;

export interface SyncSenders {
  events: (events: RidershipEventInput[]) => Promise<RidershipBatchAnswer>;
  positions: (positions: PositionInput[]) => Promise<unknown>;
}

export interface SyncStatus {
  /** Events (scans and taps) on the device that the server has not answered for yet. */
  waitingEvents: number;
  waitingPositions: number;
  /** Why the last attempt failed, while items still wait. */
  problem: string | null;
}

export interface SyncOptions {
  onOutcomes?: (answer: RidershipBatchAnswer) => void;
  /** The server refused the session: sending stops until the driver signs in again. */
  onUnauthorized?: () => void;
  /** The first pause after a failure; each next one doubles, up to a minute. */
  firstRetryMs?: number;
}

/**
 * Sends what the outbox holds, oldest first, in batches, and removes a batch only once the server has answered
 * for it. A failed connection or a server error is retried with a growing pause (1 s doubling to a minute), and at
 * once when the browser says it is back online. A batch the server refuses as such (400, 404: it can never be
 * taken) is dropped so that it does not block everything recorded after it; the events are the device's own,
 * checked by the same schema the server uses, so this is a bug's safety net, reported in the console.
 */
export class OutboxSync {
  private status: SyncStatus = { waitingEvents: 0, waitingPositions: 0, problem: null };
  private readonly listeners = new Set<(status: SyncStatus) => void>();
  private running: Promise<void> | null = null;
  private again = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly firstRetryMs: number;
  private retryDelay: number;
  private stopped = false;

  constructor(
    private readonly outbox: Outbox,
    private readonly senders: SyncSenders,
    private readonly options: SyncOptions = {},
  ) {
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
    await this.outbox.add(EVENTS, events);
    await this.refreshCounts();
    void this.flush();
  }

  async recordPositions(positions: PositionInput[]): Promise<void> {
    await this.outbox.add(POSITIONS, positions);
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
      for (;;) {
        await this.drain<RidershipEventInput>(EVENTS, Infinity, async (batch) => {
          const answer = await this.senders.events(batch);
          this.options.onOutcomes?.(answer);
        });
        const sent = await this.drain<PositionInput>(POSITIONS, 1, (batch) => this.senders.positions(batch));
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

  /** Sends up to `maxBatches` batches of a channel, oldest first; answers how many it sent. */
  private async drain<T>(
    channel: string,
    maxBatches: number,
    send: (batch: T[]) => Promise<unknown>,
  ): Promise<number> {
    let batches = 0;
    while (batches < maxBatches) {
      const items = await this.outbox.peek<T>(channel, BATCH_SIZE);
      if (items.length === 0) break;
      batches += 1;
      try {
        await send(items.map((item) => item.payload));
      } catch (error) {
        if (!isPermanentRefusal(error)) throw error;
        console.error(`The server refused ${items.length} ${channel}; they are dropped`, error);
      }
      await this.outbox.remove(items.map((item) => item.seq));
      await this.refreshCounts();
    }
    return batches;
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
    const [waitingEvents, waitingPositions] = await Promise.all([
      this.outbox.count(EVENTS),
      this.outbox.count(POSITIONS),
    ]);
    this.status = {
      waitingEvents,
      waitingPositions,
      problem: waitingEvents + waitingPositions > 0 ? problem : null,
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
