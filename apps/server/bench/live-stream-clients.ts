/**
 * Many open live streams (GET /api/live) for the fan-out and parent-notification benchmarks, lean enough that 2,000
 * of them in one process leave the processor to the server: raw HTTP over one agent, frames split by hand, and only
 * the event types asked for handed on. packages/testing's openEventStream keeps every byte and event of its stream for tests to inspect, which
 * at 10,000 events a second would measure the client's memory rather than the server.
 */
import http from 'node:http';

/** A position event as a stream received it: which fix it carries and when its bytes arrived (performance.now()). */
export interface PositionReceipt {
  tripId: string;
  recordedAt: string;
  receivedAt: number;
}

export interface StreamClients {
  readonly open: number;
  /** Streams that ended or failed after they opened: the server cut them (a slow reader) or went away. */
  readonly dropped: number;
  close(): void;
}

/** An event of a type asked for, as one stream received it: its data unparsed, and when its bytes arrived. */
export interface StreamFrame {
  /** Which stream: the index of its token. */
  client: number;
  event: string;
  data: string;
  receivedAt: number;
}

const DATA_FIELD = '\ndata: ';

/**
 * Opens `count` streams to `baseUrl` with `token`, at most `concurrency` at a time, and resolves once every one has
 * received its 'ready' event. `onPosition` is called for each position event on each stream.
 */
export function openStreamClients(
  baseUrl: string,
  token: string,
  count: number,
  onPosition: (receipt: PositionReceipt) => void,
  concurrency = 100,
): Promise<StreamClients> {
  return openStreams(
    baseUrl,
    Array.from({ length: count }, () => token),
    ['position'],
    (frame) => {
      const data = JSON.parse(frame.data) as { tripId: string; recordedAt: string };
      onPosition({ tripId: data.tripId, recordedAt: data.recordedAt, receivedAt: frame.receivedAt });
    },
    concurrency,
  );
}

/**
 * Opens one stream to `baseUrl` per token (each its own user's, as parents' streams are), at most `concurrency` at
 * a time, and resolves once every one has received its 'ready' event. `onFrame` is called for each event of the
 * `events` types on each stream; the others are split off and dropped unread.
 */
export async function openStreams(
  baseUrl: string,
  tokens: readonly string[],
  events: readonly string[],
  onFrame: (frame: StreamFrame) => void,
  concurrency = 100,
): Promise<StreamClients> {
  const markers = events.map((event) => ({ event, marker: `\nevent: ${event}\n` }));
  // One socket per stream, kept for its life: no pooling limit, or streams would queue behind each other.
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const requests: http.ClientRequest[] = [];
  let open = 0;
  let dropped = 0;
  let closing = false;

  const openOne = (client: number) =>
    new Promise<void>((resolve, reject) => {
      const request = http.get(
        `${baseUrl}/api/live`,
        { agent, headers: { authorization: tokens[client]!, accept: 'text/event-stream' } },
        (response) => {
          if (response.statusCode !== 200) {
            reject(new Error(`GET /api/live answered ${response.statusCode}`));
            response.resume();
            return;
          }
          response.setEncoding('utf8');
          let pending = '';
          let ready = false;
          response.on('data', (chunk: string) => {
            // One time for the whole chunk: when its bytes reached this process, before any parsing.
            const receivedAt = performance.now();
            pending += chunk;
            let end: number;
            while ((end = pending.indexOf('\n\n')) >= 0) {
              // A leading newline makes every field, the first one too, start with one.
              const frame = `\n${pending.slice(0, end)}`;
              pending = pending.slice(end + 2);
              const wanted = markers.find(({ marker }) => frame.includes(marker));
              if (wanted) {
                const data = frame.slice(frame.indexOf(DATA_FIELD) + DATA_FIELD.length);
                onFrame({ client, event: wanted.event, data, receivedAt });
              } else if (!ready && frame.includes('\nevent: ready\n')) {
                ready = true;
                open += 1;
                resolve();
              }
            }
          });
          response.on('close', () => {
            if (ready) {
              open -= 1;
              if (!closing) dropped += 1;
            } else reject(new Error('the stream closed before it was ready'));
          });
        },
      );
      request.on('error', (error) => {
        if (!closing) reject(error);
      });
      requests.push(request);
    });

  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, tokens.length) }, async () => {
      while (next < tokens.length) await openOne(next++);
    }),
  );
  return {
    get open() {
      return open;
    },
    get dropped() {
      return dropped;
    },
    close() {
      closing = true;
      for (const request of requests) request.destroy();
      agent.destroy();
    },
  };
}
