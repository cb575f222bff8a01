/**
 * A Server-Sent Events client for tests, the benchmark and tools: it opens a stream over plain HTTP (so it may send
 * any header, Cookie and Last-Event-ID included), parses frames as a browser's EventSource does, and lets a test
 * wait for what arrives. It does not reconnect by itself: a test reconnects on purpose, with the Last-Event-ID
 * it chooses.
 */
import http, { type IncomingHttpHeaders } from 'node:http';

/** One dispatched event: `id` is the stream's last event id once it arrived (as a browser keeps it). */
export interface StreamEvent {
  id: string | null;
  event: string;
  data: string;
}

export interface EventStream {
  status: number;
  headers: IncomingHttpHeaders;
  /** The events received so far, in order (comments and frames without data are not events). */
  events: StreamEvent[];
  /** Comment lines received so far, without their leading colon. */
  comments: string[];
  /** The reconnection delay the server asked for, if it did. */
  retry: number | null;
  /** The Last-Event-ID a browser would send on reconnecting. */
  lastEventId(): string | null;
  /** Everything received, raw (the envelope of a refusal, for one). */
  text(): string;
  /** Resolves once the server has ended the stream or the connection is gone. */
  ended: Promise<void>;
  isEnded(): boolean;
  /** Resolves once `done(events, comments)` holds; rejects when the stream ends first or `timeoutMs` passes. */
  waitFor(done: (events: StreamEvent[], comments: string[]) => boolean, timeoutMs?: number): Promise<void>;
  /** Hangs up, as a closed tab does. */
  close(): void;
}

const WAIT_MS = 20_000;

export function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      const events: StreamEvent[] = [];
      const comments: string[] = [];
      const listeners = new Set<() => void>();
      let raw = '';
      let pending = '';
      // As a browser resumes: the id it sent is its last event id until the stream gives another.
      let lastId: string | null = headers['last-event-id'] ?? null;
      let frame = { event: '', data: [] as string[] };
      let ended = false;
      const stream: EventStream = {
        status: response.statusCode ?? 0,
        headers: response.headers,
        events,
        comments,
        retry: null,
        lastEventId: () => lastId,
        text: () => raw,
        ended: new Promise((done) => {
          const end = () => {
            if (ended) return;
            ended = true;
            for (const listener of listeners) listener();
            done();
          };
          response.on('end', end);
          response.on('close', end);
          response.on('error', end);
        }),
        isEnded: () => ended,
        waitFor: (done, timeoutMs = WAIT_MS) =>
          new Promise((resolveWait, rejectWait) => {
            const check = () => {
              if (done(events, comments)) finish(resolveWait);
              else if (ended)
                finish(() => rejectWait(new Error(`the stream ended first; received:\n${raw}`)));
            };
            const timer = setTimeout(
              () => finish(() => rejectWait(new Error(`not within ${timeoutMs} ms; received:\n${raw}`))),
              timeoutMs,
            );
            const finish = (settle: () => void) => {
              clearTimeout(timer);
              listeners.delete(check);
              settle();
            };
            listeners.add(check);
            check();
          }),
        close: () => request.destroy(),
      };

      // The EventSource parsing rules: fields per line, an event dispatched at a blank line.
      const line = (text: string) => {
        if (text === '') {
          if (frame.data.length > 0)
            events.push({ id: lastId, event: frame.event || 'message', data: frame.data.join('\n') });
          frame = { event: '', data: [] };
          return;
        }
        if (text.startsWith(':')) {
          comments.push(text.slice(1).trim());
          return;
        }
        const colon = text.indexOf(':');
        const field = colon < 0 ? text : text.slice(0, colon);
        const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') frame.event = value;
        else if (field === 'data') frame.data.push(value);
        else if (field === 'id' && !value.includes('\0')) lastId = value;
        else if (field === 'retry' && /^\d+$/.test(value)) stream.retry = Number(value);
      };
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        raw += chunk;
        pending += chunk;
        const lines = pending.split(/\r\n|\r|\n/);
        pending = lines.pop()!;
        for (const text of lines) line(text);
        for (const listener of [...listeners]) listener();
      });
      resolve(stream);
    });
    request.on('error', reject);
  });
}

/** The JSON data of each event of `type`, in order. */
export function dataOf<T = unknown>(events: StreamEvent[], type: string): T[] {
  return events.filter((event) => event.event === type).map((event) => JSON.parse(event.data) as T);
}
