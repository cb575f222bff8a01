import type { ServerResponse } from 'node:http';
import type { Role } from '@school-transport/shared';
import { STREAM_COOKIE } from '../../plugins/authentication.js';
import type { LiveEvent, LiveHub, LiveSubscriber } from './live-hub.js';

/**
 * The open streams of this process (GET /api/live, Server-Sent Events): what each one is sent, the keep-alive
 * comment, slow readers, and ending them all when the server stops. The hub (live-hub.ts) decides which events
 * exist and in what order; this decides who receives them and how they are written.
 */

/** Who a stream belongs to: what it may receive is decided from this before anything is written. */
export interface Viewer {
  userId: string;
  role: Role;
}

/**
 * What one viewer's stream may carry when that is decided per event from what the viewer owns (a parent: their
 * own children's events, their trips, their bus while it carries them), built when the stream opens.
 */
export interface StreamScope {
  /** Whether the event may concern the viewer (cheap, no state changed): the hub asks before queueing it. */
  relevant(event: LiveEvent): boolean;
  /**
   * The frame to write for the event, or null: called once per event, in id order, so the scope may learn from
   * it (a child boarded, a trip finished) before deciding.
   */
  frameFor(event: LiveEvent): string | null;
  /** Where the scope writes frames it could decide only after a read of its own (a trip it had not known of). */
  onLate(write: (frame: string) => void): void;
  close(): void;
}

export interface LiveStreamOptions {
  hub: LiveHub;
  /** A parent's scope (modules/parent-portal/parent-live.ts); without it parents receive nothing. */
  parentScope?: (userId: string) => Promise<StreamScope>;
  log: {
    info(object: object, message: string): void;
    warn(object: object, message: string): void;
  };
  /** How often every open stream gets a comment line, so proxies do not close a quiet stream. */
  keepAliveMs?: number;
  /** A stream whose unsent output passes this is closed: a client that reads too slowly must not hold memory. */
  maxBufferedBytes?: number;
}

export interface LiveStreams {
  /** Writes the stream's headers and first frames on `res`, then follows the hub until either side closes. */
  open(
    res: ServerResponse,
    viewer: Viewer,
    lastEventId: number | null,
    headers: Record<string, string>,
  ): Promise<void>;
  /** Ends every stream (the server is stopping): the browsers reconnect, to this process or another. */
  endAll(): void;
  readonly count: number;
}

/** How long a browser waits before reconnecting after the stream ends or drops. */
const RETRY_MS = 2_000;
const KEEP_ALIVE_MS = 20_000;
const MAX_BUFFERED_BYTES = 1_048_576;
const KEEP_ALIVE_FRAME = ': keep-alive\n\n';
const RESET_FRAME = 'event: reset\ndata: {}\n\n';

/**
 * What a viewer may receive, filtered here so nothing else is ever written to their stream: an admin everything,
 * a driver the events of the trips they drive. Parents are decided by their StreamScope, event by event; anyone
 * else receives nothing.
 */
export function visibleTo(viewer: Viewer): (event: LiveEvent) => boolean {
  if (viewer.role === 'admin') return () => true;
  if (viewer.role === 'driver') return (event) => event.driverUserId === viewer.userId;
  return () => false;
}

/** A Last-Event-ID header as the event id it names; anything else is as if none had been sent. */
export function lastEventIdOf(header: string | string[] | undefined): number | null {
  if (typeof header !== 'string' || !/^\d{1,15}$/.test(header.trim())) return null;
  return Number(header.trim());
}

/** The stream's opening: how long to wait before reconnecting, then where the stream stands. */
export function openingFrames(lastId: number, resumed: boolean): string {
  // A fresh stream is told the id it starts after, so that its first reconnection resumes from there. A resumed
  // one keeps its own: the missed events follow, and a drop before they arrive must not skip them.
  const id = lastId > 0 && !resumed ? `id: ${lastId}\n` : '';
  return `retry: ${RETRY_MS}\n\n${id}event: ready\ndata: ${JSON.stringify({ lastId })}\n\n`;
}

export function createLiveStreams(options: LiveStreamOptions): LiveStreams {
  const { hub, log } = options;
  const keepAliveMs = options.keepAliveMs ?? KEEP_ALIVE_MS;
  const maxBufferedBytes = options.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
  const open = new Map<ServerResponse, () => void>();
  let keepAlive: ReturnType<typeof setInterval> | null = null;

  /**
   * What each stream may have unsent beyond the limit: what a replay wrote at once (up to MAX_REPLAY events), until
   * the client has read it. Absent: the limit alone.
   */
  const allowances = new Map<ServerResponse, number>();

  /**
   * Writes, unless the client lets output pile up past the limit: then the stream is cut (not ended, which would
   * queue behind what it has not read), and the browser comes back with its Last-Event-ID.
   */
  const write = (res: ServerResponse, chunk: string): void => {
    if (res.destroyed || res.writableEnded) return;
    if (res.write(chunk)) return;
    const allowance = allowances.get(res) ?? 0;
    if (allowance === Infinity || res.writableLength <= maxBufferedBytes + allowance) return;
    log.info({ buffered: res.writableLength }, 'live stream: the client reads too slowly; closed');
    res.destroy();
  };

  // One timer for all streams, running only while there are some.
  const track = (res: ServerResponse, close: () => void) => {
    open.set(res, close);
    keepAlive ??= setInterval(() => {
      for (const stream of open.keys()) write(stream, KEEP_ALIVE_FRAME);
    }, keepAliveMs);
    keepAlive.unref();
  };
  const untrack = (res: ServerResponse) => {
    open.delete(res);
    allowances.delete(res);
    if (open.size === 0 && keepAlive) {
      clearInterval(keepAlive);
      keepAlive = null;
    }
  };

  return {
    get count() {
      return open.size;
    },

    async open(res, viewer, lastEventId, headers) {
      // Read before the answer starts: a parent's scope that cannot be read fails the request, not a stream.
      const scope =
        viewer.role === 'parent' && options.parentScope ? await options.parentScope(viewer.userId) : null;
      // The socket's idle timeout (REQUEST_TIMEOUT_SECONDS) would cut a quiet stream; the keep-alive comment
      // writes to it instead. (An injected request's stand-in socket has no timeout to clear.)
      if (typeof res.socket?.setTimeout === 'function') res.socket.setTimeout(0);
      res.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      const visible = scope ? (event: LiveEvent) => scope.relevant(event) : visibleTo(viewer);
      scope?.onLate((frame) => write(res, frame));
      // The highest id written: an event at or below it (a stream that resumed on a process still catching up)
      // is not written twice.
      let lastSent = lastEventId ?? 0;
      let unsubscribe: (() => void) | null = null;
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        untrack(res);
        unsubscribe?.();
        scope?.close();
      };
      const subscriber: LiveSubscriber = {
        canSee: visible,
        send: (event) => {
          if (event.id <= lastSent) return;
          lastSent = event.id;
          const frame = scope ? scope.frameFor(event) : event.frame;
          if (frame !== null) write(res, frame);
        },
        reset: () => {
          write(res, RESET_FRAME);
          res.end();
          close();
        },
      };
      res.on('close', close);
      track(res, () => {
        // The server is stopping: the answer ends and so does its connection, which would otherwise wait idle.
        res.once('finish', () => res.socket?.destroy());
        res.end();
        close();
      });
      const fromId = lastEventId ?? hub.lastId;
      write(res, openingFrames(hub.lastId, lastEventId !== null));
      // A replay is written at once, whatever its size: it is bounded, and the client reads it from here.
      allowances.set(res, Infinity);
      try {
        unsubscribe = await hub.subscribe(subscriber, fromId);
        const replayed = res.writableLength;
        if (replayed > 0 && !closed) {
          allowances.set(res, replayed);
          res.once('drain', () => allowances.delete(res));
        } else allowances.delete(res);
      } catch (error) {
        // Reading what it missed failed (the database): the browser tries again after RETRY_MS.
        log.warn({ err: error }, 'live stream: could not replay what the client missed');
        res.end();
        close();
        return;
      }
      // The client left, or the stream was reset, while what it missed was being read.
      if (closed) unsubscribe();
    },

    endAll() {
      for (const end of [...open.values()]) end();
    },
  };
}

export interface StreamCookieOptions {
  /** Sent only over HTTPS when the server's public address is one. */
  secure: boolean;
  /** A session's absolute lifetime: the cookie never outlives the session it carries. */
  maxAgeSeconds: number;
}

/**
 * The Set-Cookie that carries a session token to the stream: sent only to /api/live (where only the stream reads
 * it), never readable by scripts, never sent from another site's page. `token` null clears it.
 */
export function streamCookieHeader(token: string | null, options: StreamCookieOptions): string {
  return [
    `${STREAM_COOKIE}=${token ?? ''}`,
    'Path=/api/live',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${token === null ? 0 : options.maxAgeSeconds}`,
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}
