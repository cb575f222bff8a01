import type { z } from 'zod';

/** The smallest part of EventSource this uses, so tests can hand in their own. */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
  onerror: ((event: Event) => void) | null;
}

/** 'connecting' until the first `ready`; 'reconnecting' from a dropped connection until the next one. */
export type StreamStatus = 'connecting' | 'live' | 'reconnecting';

/** Each `event:` type a stream delivers, with its payload; and 'sync': "reload what you hold, you may have missed
 * something". */
export type StreamPayloads<Events> = Events & { sync: undefined };

/** How each event type's data is checked before it reaches a screen. */
export type StreamSchemas<Events> = { [type in keyof Events]: z.ZodType<Events[type]> };

/**
 * The schemas, or a function that loads them: the stream then loads them with its first connection (a dynamic
 * import), so a screen that follows it does not carry zod before it is drawn. A failed load is retried as a failed
 * cookie request is.
 */
export type StreamSchemaSource<Events> = StreamSchemas<Events> | (() => Promise<StreamSchemas<Events>>);

export interface EventStreamOptions {
  openSource?: (url: string) => EventSourceLike;
  /** Asks the server for the stream's cookie (EventSource cannot send the Authorization header). */
  requestCookie: () => Promise<void>;
  /** How long the stream outlives its last screen: moving from one screen to another keeps the connection. */
  lingerMs?: number;
}

const STREAM_URL = '/api/live';
const CLOSED = 2;
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;

type Listener = (payload: never) => void;

/**
 * One connection to GET /api/live, shared by every screen that follows it: it opens with the first subscriber and
 * closes shortly after the last one leaves. The office's live screens and the parent portal each make one with
 * the event types they read (the server sends each kind of account only its own).
 *
 * The browser's EventSource reconnects by itself and sends Last-Event-ID, so the server replays what was missed.
 * When it cannot (an answer other than the stream, such as 401 once the cookie has expired), the source closes;
 * this asks for a fresh cookie and opens a new one, waiting longer after each failure. `reset` from the server
 * means "too much missed": the screens reload ('sync') and a fresh connection starts from now, since reconnecting
 * with the old Last-Event-ID would only be told to reset again.
 */
export class EventStream<Events extends object> {
  private readonly listeners = new Map<keyof StreamPayloads<Events>, Set<Listener>>();
  private readonly statusListeners = new Set<() => void>();
  private readonly openSource: (url: string) => EventSourceLike;
  private readonly requestCookie: () => Promise<void>;
  private readonly lingerMs: number;
  private source: EventSourceLike | null = null;
  private subscribers = 0;
  private lingerTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retryMs = FIRST_RETRY_MS;
  /** Bumped whenever the connection is dropped on purpose, so a late cookie answer opens nothing. */
  private generation = 0;
  private schemas: StreamSchemas<Events> | null;
  private readonly loadSchemas: (() => Promise<StreamSchemas<Events>>) | null;
  status: StreamStatus = 'connecting';

  constructor(schemas: StreamSchemaSource<Events>, options: EventStreamOptions) {
    this.schemas = typeof schemas === 'function' ? null : schemas;
    this.loadSchemas = typeof schemas === 'function' ? schemas : null;
    this.openSource = options.openSource ?? ((url) => new EventSource(url));
    this.requestCookie = options.requestCookie;
    this.lingerMs = options.lingerMs ?? 1_000;
  }

  /** Calls `listener` with every event of `topic` until the returned function is called. */
  subscribe<T extends keyof StreamPayloads<Events>>(
    topic: T,
    listener: (payload: StreamPayloads<Events>[T]) => void,
  ): () => void {
    const set = this.listeners.get(topic) ?? new Set();
    this.listeners.set(topic, set);
    set.add(listener as Listener);
    this.retain();
    return () => {
      set.delete(listener as Listener);
      this.release();
    };
  }

  /** For useSyncExternalStore: `listener` runs whenever `status` changes. */
  subscribeStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  getStatus = (): StreamStatus => this.status;

  private retain() {
    this.subscribers += 1;
    clearTimeout(this.lingerTimer);
    if (this.subscribers === 1 && !this.source && this.retryTimer === undefined) this.connect();
  }

  private release() {
    this.subscribers -= 1;
    if (this.subscribers > 0) return;
    this.lingerTimer = setTimeout(() => this.disconnect(), this.lingerMs);
  }

  private setStatus(status: StreamStatus) {
    if (this.status === status) return;
    this.status = status;
    this.statusListeners.forEach((listener) => listener());
  }

  private emit(topic: keyof StreamPayloads<Events>, payload: unknown) {
    this.listeners.get(topic)?.forEach((listener) => (listener as (value: unknown) => void)(payload));
  }

  /** The schemas, loaded the first time they are needed (kept once loaded, asked again after a failure). */
  private async readySchemas(): Promise<StreamSchemas<Events>> {
    if (!this.schemas) this.schemas = await this.loadSchemas!();
    return this.schemas;
  }

  private connect() {
    const generation = ++this.generation;
    Promise.all([this.requestCookie(), this.readySchemas()]).then(
      ([, schemas]) => {
        // Not for no one: the last screen may have left while the cookie and the schemas were on their way.
        if (generation === this.generation && this.subscribers > 0) this.open(schemas);
      },
      () => {
        // A 401 ends the session (the API client tells the app) and with it these screens; anything else is a
        // network or server trouble that a later try may get past.
        if (generation === this.generation) this.retryLater();
      },
    );
  }

  private open(schemas: StreamSchemas<Events>) {
    const source = this.openSource(STREAM_URL);
    this.source = source;
    source.addEventListener('ready', () => {
      this.retryMs = FIRST_RETRY_MS;
      this.setStatus('live');
      // What the screens loaded before this connection (or before a drop the server could not replay) may miss
      // events: reload it once the stream is there to follow.
      this.emit('sync', undefined);
    });
    for (const type of Object.keys(schemas) as (keyof Events & string)[]) {
      source.addEventListener(type, (event) => this.deliver(schemas[type], type, event.data));
    }
    source.addEventListener('reset', () => {
      this.emit('sync', undefined);
      this.drop();
      this.setStatus('reconnecting');
      this.connect();
    });
    source.onerror = () => {
      if (this.source !== source) return;
      this.setStatus(this.status === 'connecting' ? 'connecting' : 'reconnecting');
      // CONNECTING: the browser is already trying again. CLOSED: it gave up; a new cookie and source are needed.
      if (source.readyState === CLOSED) {
        this.drop();
        this.retryLater();
      }
    };
  }

  private deliver<T extends keyof Events>(schema: StreamSchemas<Events>[T], type: T, data: string) {
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    // An event this screen does not understand (a newer server) is skipped rather than breaking the others.
    const parsed = schema.safeParse(json);
    if (parsed.success) this.emit(type, parsed.data);
  }

  private retryLater() {
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, LAST_RETRY_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (this.subscribers > 0) this.connect();
    }, delay);
  }

  private drop() {
    this.generation += 1;
    this.source?.close();
    this.source = null;
  }

  private disconnect() {
    this.drop();
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.retryMs = FIRST_RETRY_MS;
    this.setStatus('connecting');
  }
}

export type StreamHandlers<Events> = {
  [topic in keyof StreamPayloads<Events>]?: (payload: StreamPayloads<Events>[topic]) => void;
};
