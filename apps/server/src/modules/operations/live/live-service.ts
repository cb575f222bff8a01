import type { ServerResponse } from 'node:http';
import { mayUse, type Role } from '@school-transport/shared';
import { AppError } from '../../../lib/errors.js';
import { STREAM_COOKIE } from '../../../plugins/authentication.js';
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
  /** The session that opened the stream: the stream ends with it (decision 051). */
  sessionId: string;
}

/**
 * How many streams may be open at once on one process (decision 051). A browser tab holds one; a phone one. The
 * caps are per process: behind a load balancer each process counts its own.
 */
export interface StreamCaps {
  perSession: number;
  perUser: number;
  perAddress: number;
  /** All streams together: a share of the connection limit, so sign-in and uploads always find a connection. */
  total: number;
}

export const STREAMS_PER_SESSION = 4;
export const STREAMS_PER_USER = 8;
export const STREAMS_PER_ADDRESS = 50;
/** The part of MAX_CONNECTIONS that open streams may hold; the rest is kept for every other request. */
export const STREAMS_SHARE_OF_CONNECTIONS = 0.5;

/** Every stream's session is looked up again at least this often: it ends once its session has (expired, idle). */
export const RECHECK_MS = 60_000;

/** A stream refused by a cap, before anything was written: the caller answers it as an error. */
export class StreamRefused extends AppError {}

/** A stream from its admission (its place counted) to its end. */
export interface StreamSlot {
  readonly viewer: Viewer;
  readonly address: string;
  /** The session's token, to look the session up again (RECHECK_MS). */
  readonly token: string;
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
  /** A parent's scope (modules/apps/parent-portal/parent-live.ts); without it parents receive nothing. */
  parentScope?: (userId: string) => Promise<StreamScope>;
  log: {
    info(object: object, message: string): void;
    warn(object: object, message: string): void;
  };
  /** How often every open stream gets a comment line, so proxies do not close a quiet stream. */
  keepAliveMs?: number;
  /** A stream whose unsent output passes this is closed: a client that reads too slowly must not hold memory. */
  maxBufferedBytes?: number;
  caps: StreamCaps;
  /**
   * Who the session behind a token is while it is live (not ended, expired or idle past its lifetime, its user
   * enabled), else null; asked for every open stream each `recheckMs`. Without it streams are not rechecked.
   */
  sessionOf?: (token: string) => Promise<{ userId: string; role: Role } | null>;
  recheckMs?: number;
}

export interface LiveStreams {
  /**
   * Counts a stream in before it is opened, or throws StreamRefused (429 for a session, user or address at its
   * cap, 503 when streams hold their whole share of the connections). Synchronous, so parallel requests cannot all
   * pass the same count.
   */
  admit(viewer: Viewer, address: string, token: string): StreamSlot;
  /**
   * Writes the stream's headers and first frames on `res`, then follows the hub until either side closes or the
   * slot's access ends. The slot is given back when the stream ends, or when opening it fails.
   */
  open(
    res: ServerResponse,
    slot: StreamSlot,
    lastEventId: number | null,
    headers: Record<string, string>,
  ): Promise<void>;
  /** Ends every stream of this user (their access changed): each reconnects, checked and scoped afresh. */
  endUser(userId: string): number;
  /**
   * After the listening connection was lost, when access changes may have been missed: ends every parent's
   * stream (to be scoped afresh) and looks every other stream's session up again now.
   */
  resync(): number;
  /** Ends every stream (the server is stopping): the browsers reconnect, to this process or another. */
  endAll(): void;
  /** Looks every open stream's session up again now, and ends those whose session is no longer live. */
  recheck(): Promise<void>;
  readonly count: number;
  readonly caps: StreamCaps;
}

/** How long a browser waits before reconnecting after the stream ends or drops. */
const RETRY_MS = 2_000;
const KEEP_ALIVE_MS = 20_000;
const MAX_BUFFERED_BYTES = 1_048_576;
const KEEP_ALIVE_FRAME = ': keep-alive\n\n';
const RESET_FRAME = 'event: reset\ndata: {}\n\n';

/**
 * What a viewer may receive, filtered here so nothing else is ever written to their stream: the office's readers
 * (admin, dispatcher, viewer: 'office-read') everything, a driver the events of the trips they drive. School staff
 * read their schools' day through /api/school, not the stream. Parents are decided by their StreamScope, event by event; anyone
 * else receives nothing.
 */
export function visibleTo(viewer: Viewer): (event: LiveEvent) => boolean {
  if (mayUse(viewer.role, 'office-read')) return () => true;
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

/** A slot as the streams keep it: how to end its stream once it is open, and whether it was told to end. */
interface Slot extends StreamSlot {
  /** Set once the stream follows the hub; before that, `ended` tells the opening to stop. */
  end: (() => void) | null;
  ended: boolean;
}

/** A refusal, with when to try again: a minute, the time a closed tab or a freed connection takes at most. */
const refusal = (status: number, message: string) => new StreamRefused(status, message, undefined, 60);

export function createLiveStreams(options: LiveStreamOptions): LiveStreams {
  const { hub, log, caps } = options;
  const keepAliveMs = options.keepAliveMs ?? KEEP_ALIVE_MS;
  const maxBufferedBytes = options.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
  const recheckMs = options.recheckMs ?? RECHECK_MS;
  const open = new Map<ServerResponse, () => void>();
  let keepAlive: ReturnType<typeof setInterval> | null = null;
  /** Every admitted stream, open or opening: what the caps count and what access changes end. */
  const slots = new Set<Slot>();
  let recheckTimer: ReturnType<typeof setInterval> | null = null;
  let rechecking: Promise<void> | null = null;

  const release = (slot: Slot) => {
    slots.delete(slot);
    if (slots.size === 0 && recheckTimer) {
      clearInterval(recheckTimer);
      recheckTimer = null;
    }
  };

  /** Ends the slot's stream now (no frame is written after this), or stops its opening. */
  const endSlot = (slot: Slot) => {
    slot.ended = true;
    slot.end?.();
  };

  const endWhere = (which: (slot: Slot) => boolean): number => {
    let ended = 0;
    for (const slot of [...slots])
      if (!slot.ended && which(slot)) {
        endSlot(slot);
        ended++;
      }
    return ended;
  };

  async function recheck(): Promise<void> {
    const sessionOf = options.sessionOf;
    if (!sessionOf) return;
    // One look-up per session, however many tabs it streams to.
    const bySession = new Map<string, Slot[]>();
    for (const slot of slots) {
      if (slot.ended) continue;
      const group = bySession.get(slot.token) ?? [];
      group.push(slot);
      bySession.set(slot.token, group);
    }
    for (const [token, group] of bySession) {
      const { viewer } = group[0]!;
      let session: { userId: string; role: Role } | null;
      try {
        session = await sessionOf(token);
      } catch (error) {
        // The database is unreachable: its streams go on, and are asked again on the next round.
        log.warn({ err: error }, 'live stream: could not check a session again');
        continue;
      }
      // A role changed under the stream decides anew what it may carry.
      if (session && session.userId === viewer.userId && session.role === viewer.role) continue;
      for (const slot of group) endSlot(slot);
      log.info({ userId: group[0]!.viewer.userId }, 'live stream: its session is no longer live; ended');
    }
  }

  /** A round at a time; one asked for while a round runs follows it (its streams may be newer than the round). */
  let again = false;
  const runRecheck = (): Promise<void> => {
    if (rechecking) {
      again = true;
      return rechecking;
    }
    rechecking = recheck().finally(() => {
      rechecking = null;
      if (again) {
        again = false;
        void runRecheck();
      }
    });
    return rechecking;
  };

  /** One timer for every stream, running while there are some. */
  const startRecheck = () => {
    if (recheckTimer || !options.sessionOf) return;
    recheckTimer = setInterval(() => void runRecheck(), recheckMs);
    recheckTimer.unref();
  };

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
    caps,

    admit(viewer, address, token) {
      let session = 0;
      let user = 0;
      let fromAddress = 0;
      for (const slot of slots) {
        if (slot.viewer.sessionId === viewer.sessionId) session++;
        if (slot.viewer.userId === viewer.userId) user++;
        if (slot.address === address) fromAddress++;
      }
      if (session >= caps.perSession)
        throw refusal(
          429,
          `This session already has ${caps.perSession} live streams open, the most it may. Close a tab that shows live data, then try again.`,
        );
      if (user >= caps.perUser)
        throw refusal(
          429,
          `This account already has ${caps.perUser} live streams open, the most it may. Close a tab or sign out on another device, then try again.`,
        );
      if (fromAddress >= caps.perAddress)
        throw refusal(
          429,
          `Your network already has ${caps.perAddress} live streams open to this server, the most it may. Try again later.`,
        );
      if (slots.size >= caps.total)
        throw refusal(503, 'The server has as many live streams open as it may. Try again in a minute.');
      const slot: Slot = { viewer, address, token, end: null, ended: false };
      slots.add(slot);
      startRecheck();
      return slot;
    },

    async open(res, admitted, lastEventId, headers) {
      const slot = admitted as Slot;
      const { viewer } = slot;
      let scope: StreamScope | null;
      try {
        // Read before the answer starts: a parent's scope that cannot be read fails the request, not a stream.
        scope =
          viewer.role === 'parent' && options.parentScope ? await options.parentScope(viewer.userId) : null;
      } catch (error) {
        release(slot);
        throw error;
      }
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
        slot.end = null;
        release(slot);
        untrack(res);
        unsubscribe?.();
        scope?.close();
      };
      const subscriber: LiveSubscriber = {
        canSee: visible,
        send: (event) => {
          // Nothing after the stream's end, even from a replay read before it.
          if (closed || event.id <= lastSent) return;
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
      // The client left while its family was being read: its 'close' has gone by.
      if (res.destroyed) {
        close();
        return;
      }
      // Its access ended (a session ended, an account changed): the answer ends now, the browser reconnects
      // and is checked again. Nothing is written after this: the stream is closed before the end goes out.
      slot.end = () => {
        close();
        res.end();
      };
      // Its access ended while its family was being read: it ends before its first event.
      if (slot.ended) {
        write(res, openingFrames(hub.lastId, lastEventId !== null));
        slot.end();
        return;
      }
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

    endUser: (userId) => endWhere((slot) => slot.viewer.userId === userId),
    resync() {
      void runRecheck();
      return endWhere((slot) => slot.viewer.role === 'parent');
    },

    endAll() {
      for (const end of [...open.values()]) end();
      for (const slot of [...slots]) endSlot(slot);
    },

    recheck: runRecheck,
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
