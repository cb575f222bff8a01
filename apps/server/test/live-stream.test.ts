import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, openEventStream, type EventStream } from '@school-transport/testing';
import { buildApp, type BuildOptions } from '../src/app.js';
import { loadConfig, type AppConfig, type DatabaseConfig } from '../src/config.js';
import { liveEvents } from '../src/db/schema/index.js';
import { MAX_REPLAY } from '../src/modules/operations/live/live-hub.js';
import { createAccount, login, tokenFor } from './support/accounts.js';
import { freshDatabase, TEST_DB } from './support/test-app.js';

/**
 * GET /api/live through a real listening server and a streaming HTTP client, on both engines: who may open it
 * and what each receives, resuming after Last-Event-ID from memory and from the log, reset, the keep-alive
 * comment, the stream cookie, ids that commit late or never, slow readers, and a server that stops.
 */

interface LiveApp {
  app: FastifyInstance;
  base: string;
  logs: string[];
  database: DatabaseConfig;
  /** Closes the app, then drops its database. */
  close(): Promise<void>;
}

/** A listening server of its own on a database of its own, with the live stream tuned for the test. */
async function liveApp(live: BuildOptions['live'], env: Record<string, string> = {}): Promise<LiveApp> {
  const { config: database, drop } = await freshDatabase();
  const config: AppConfig = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', ...env }),
    database,
    webDistDir: null,
  };
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const app = await buildApp(config, { logStream, live });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    base: `http://127.0.0.1:${port}`,
    logs,
    database,
    async close() {
      // Closing twice is harmless: a test may have closed it to see what closing does.
      await app.close();
      await drop();
    },
  };
}

type EventFields = Partial<
  Pick<typeof liveEvents.$inferInsert, 'type' | 'tripId' | 'driverUserId' | 'payload'>
>;

/** Writes events to the log as a service does (then says they were committed); answers their ids. */
async function publish(app: FastifyInstance, events: EventFields[]): Promise<number[]> {
  const rows = await app.database.db
    .insert(liveEvents)
    .values(
      events.map((event, index) => ({
        type: 'trip' as const,
        tripId: null,
        driverUserId: null,
        payload: { marker: index },
        ...event,
      })),
    )
    .returning({ id: liveEvents.id });
  app.liveHub.committed();
  return rows.map((row) => row.id);
}

const idsOf = (stream: EventStream) =>
  stream.events.filter((event) => event.event !== 'ready').map((event) => Number(event.id));

const hasIds = (ids: number[]) => (events: EventStream['events']) =>
  ids.every((id) => events.some((event) => event.event !== 'ready' && Number(event.id) === id));

/** A driver account, signed in: its user id and session token. */
async function signedInDriver(app: FastifyInstance) {
  const user = await createAccount(app, 'driver');
  const answer = await login(app, user.email);
  return { userId: user.id, token: answer.json().token as string };
}

const streams: EventStream[] = [];
async function openStream(base: string, headers: Record<string, string> = {}) {
  const stream = await openEventStream(`${base}/api/live`, headers);
  streams.push(stream);
  return stream;
}

let main: LiveApp;
let admin: string;

beforeAll(async () => {
  // This file opens many streams of one admin session and leaves them open: the caps are live-access.test.ts's.
  main = await liveApp({
    keepAliveMs: 100,
    maxBufferedBytes: 256 * 1024,
    caps: { perSession: 100, perUser: 100 },
  });
  admin = await tokenFor(main.app, 'admin');
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await main?.close();
});

describe('who may open the stream', () => {
  it('refuses a visitor (401) with the envelope, and opens it for a parent (filtered: parent-live.test.ts) and an admin', async () => {
    const visitor = await openStream(main.base);
    await visitor.ended;
    expect(visitor.status).toBe(401);
    expect(JSON.parse(visitor.text())).toMatchObject({ success: false, message: expect.any(String) });

    const parent = await openStream(main.base, { authorization: await tokenFor(main.app, 'parent') });
    expect(parent.status).toBe(200);
    await parent.waitFor((events) => events.some((event) => event.event === 'ready'));
    parent.close();

    const ended = await openStream(main.base, { authorization: 'Bearer not-a-token' });
    await ended.ended;
    expect(ended.status).toBe(401);

    // Asked for compression as a browser does: the stream is written as it goes, never held back to compress.
    const stream = await openStream(main.base, { authorization: admin, 'accept-encoding': 'gzip, br' });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toContain('no-cache');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.headers['x-request-id']).toEqual(expect.any(String));
    await stream.waitFor((events) => events.length > 0);
    expect(stream.retry).toBe(2000);
    expect(stream.events[0]).toMatchObject({ event: 'ready' });
    expect(dataOf(stream.events, 'ready')).toEqual([{ lastId: main.app.liveHub.lastId }]);
    // The log keeps what the server reads (a trip's status); the frame carries what the contract sends of a 'trip'.
    const tripId = randomUUID();
    const [id] = await publish(main.app, [{ payload: { tripId, status: 'STARTED' } }]);
    await stream.waitFor(hasIds([id!]));
    expect(stream.events.at(-1)).toEqual({ id: String(id), event: 'trip', data: JSON.stringify({ tripId }) });
  });

  it('sends an admin every event and a driver only the events of the trips they drive', async () => {
    const [first, second] = [await signedInDriver(main.app), await signedInDriver(main.app)];
    const everything = await openStream(main.base, { authorization: admin });
    const own = await openStream(main.base, { authorization: first.token });
    const other = await openStream(main.base, { authorization: second.token });
    for (const stream of [everything, own, other]) await stream.waitFor((events) => events.length > 0);

    const ids = await publish(main.app, [
      { driverUserId: first.userId, type: 'position' },
      { driverUserId: second.userId, type: 'ridership' },
      { driverUserId: null, type: 'alert' },
      { driverUserId: first.userId, type: 'trip' },
    ]);
    await everything.waitFor(hasIds(ids));
    // Each driver's last event was written after the others': once it arrived, nothing else is on its way.
    await own.waitFor(hasIds([ids[3]!]));
    await other.waitFor(hasIds([ids[1]!]));
    expect(idsOf(everything)).toEqual(ids);
    expect(idsOf(own)).toEqual([ids[0], ids[3]]);
    expect(idsOf(other)).toEqual([ids[1]]);
  });
});

describe('resuming after Last-Event-ID', () => {
  it('replays exactly what was missed, in order, from memory, then follows the live events', async () => {
    const stream = await openStream(main.base, { authorization: admin });
    const before = await publish(main.app, [{}, {}, {}]);
    await stream.waitFor(hasIds(before));
    const lastSeen = stream.lastEventId();
    expect(lastSeen).toBe(String(before.at(-1)));
    const open = main.app.liveHub.streams;
    stream.close();
    // The closed tab is followed no further.
    await expect.poll(() => main.app.liveHub.streams).toBe(open - 1);

    const missed = await publish(main.app, [{}, {}, {}]);
    await expect.poll(() => main.app.liveHub.lastId).toBe(missed.at(-1));
    const resumed = await openStream(main.base, { authorization: admin, 'last-event-id': lastSeen! });
    await resumed.waitFor(hasIds(missed));
    const later = await publish(main.app, [{}]);
    await resumed.waitFor(hasIds(later));
    expect(idsOf(resumed)).toEqual([...missed, ...later]);
    // The ready frame carries no id of its own: a drop before the replay arrived would resume from lastSeen again.
    expect(resumed.events[0]).toMatchObject({ event: 'ready', id: lastSeen });
  });

  it('replays a driver only their own missed events, and takes a malformed Last-Event-ID for none', async () => {
    const driver = await signedInDriver(main.app);
    const [seen] = await publish(main.app, [{ driverUserId: driver.userId }]);
    const missed = await publish(main.app, [
      { driverUserId: null },
      { driverUserId: driver.userId },
      { driverUserId: null },
    ]);
    await expect.poll(() => main.app.liveHub.lastId).toBe(missed.at(-1));
    const resumed = await openStream(main.base, {
      authorization: driver.token,
      'last-event-id': String(seen),
    });
    const marker = await publish(main.app, [{ driverUserId: driver.userId }]);
    await resumed.waitFor(hasIds(marker));
    expect(idsOf(resumed)).toEqual([missed[1], marker[0]]);

    const fresh = await openStream(main.base, { authorization: admin, 'last-event-id': 'nonsense' });
    await fresh.waitFor((events) => events.length > 0);
    expect(fresh.events[0]).toMatchObject({ event: 'ready', id: String(main.app.liveHub.lastId) });
    const next = await publish(main.app, [{}]);
    await fresh.waitFor(hasIds(next));
    expect(idsOf(fresh)).toEqual(next);
  });

  it('tells a browser whose Last-Event-ID the log never held (a restored database) to reload', async () => {
    const future = await openStream(main.base, {
      authorization: admin,
      'last-event-id': String(main.app.liveHub.lastId + 1000),
    });
    await future.ended;
    expect(future.events.map((event) => event.event)).toEqual(['ready', 'reset']);
  });

  it(`tells a browser more than ${MAX_REPLAY} events behind to reload, and ends its stream`, async () => {
    const [start] = await publish(main.app, [{}]);
    await main.app.database.db.execute(
      sql`insert into live_events (type, payload) select 'position', '{}'::jsonb from generate_series(1, ${MAX_REPLAY})`,
    );
    main.app.liveHub.committed();
    await expect.poll(() => main.app.liveHub.lastId, { timeout: 20_000 }).toBe(start! + MAX_REPLAY);
    const behind = await openStream(main.base, {
      authorization: admin,
      'last-event-id': String(start! - 1),
    });
    await behind.ended;
    expect(behind.events.map((event) => event.event)).toEqual(['ready', 'reset']);
    expect(behind.events[1]!.data).toBe('{}');

    // One event fewer behind is replayed whole.
    const replayed = await openStream(main.base, { authorization: admin, 'last-event-id': String(start) });
    await replayed.waitFor((events) => events.length === MAX_REPLAY + 1);
    expect(idsOf(replayed)).toEqual(Array.from({ length: MAX_REPLAY }, (_, i) => start! + 1 + i));
  });
});

describe('a second server: a memory of two events, a short wait for late ids, an https address', () => {
  let small: LiveApp;
  let token: string;
  beforeAll(async () => {
    small = await liveApp(
      { memoryEvents: 2, gapWaitMs: 200, caps: { perSession: 100, perUser: 100 } },
      { PUBLIC_URL: 'https://transport.example.org' },
    );
    token = await tokenFor(small.app, 'admin');
  });
  afterAll(() => small?.close());

  it('says where the stream starts, without an id before the first event', async () => {
    const stream = await openStream(small.base, { authorization: token });
    await stream.waitFor((events) => events.length > 0);
    expect(stream.events[0]).toEqual({ id: null, event: 'ready', data: '{"lastId":0}' });
    expect(stream.text()).not.toContain('id:');
  });

  it('replays what memory no longer holds from the log, in order', async () => {
    const stream = await openStream(small.base, { authorization: token });
    const seen = await publish(small.app, [{}]);
    await stream.waitFor(hasIds(seen));
    stream.close();
    const missed = await publish(small.app, [{}, {}, {}, {}, {}]);
    await expect.poll(() => small.app.liveHub.lastId).toBe(missed.at(-1));
    const resumed = await openStream(small.base, { authorization: token, 'last-event-id': String(seen[0]) });
    await resumed.waitFor(hasIds(missed));
    expect(idsOf(resumed)).toEqual(missed);
  });

  it('tells a browser whose missed events were pruned from the log to reload', async () => {
    const ids = await publish(small.app, [{}, {}, {}, {}]);
    await expect.poll(() => small.app.liveHub.lastId).toBe(ids.at(-1));
    await small.app.database.db.delete(liveEvents).where(lte(liveEvents.id, ids[1]!));
    const stream = await openStream(small.base, { authorization: token, 'last-event-id': String(ids[0]) });
    await stream.ended;
    expect(stream.events.map((event) => event.event)).toEqual(['ready', 'reset']);
  });

  it('skips an id whose transaction rolled back, once it has waited for it', async () => {
    const stream = await openStream(small.base, { authorization: token });
    await stream.waitFor((events) => events.length > 0);
    const before = small.app.liveHub.lastId;
    await expect(
      small.app.database.db.transaction(async (tx) => {
        await tx.insert(liveEvents).values({ type: 'trip', payload: { rolledBack: true } });
        throw new Error('rolled back on purpose');
      }),
    ).rejects.toThrow('rolled back on purpose');
    const [after] = await publish(small.app, [{ payload: { committed: true } }]);
    expect(after).toBe(before + 2);
    await stream.waitFor(hasIds([after!]));
    expect(idsOf(stream)).toEqual([after]);
    expect(stream.text()).not.toContain('rolledBack');
    await expect
      .poll(() => small.logs.join(''))
      .toContain('live events: ids never committed (rolled back), skipped');
  });

  it('sets the stream cookie Secure when the public address is https', async () => {
    const answer = await fetch(`${small.base}/api/live/cookie`, {
      method: 'POST',
      headers: { authorization: token },
    });
    expect(answer.headers.getSetCookie()).toEqual([expect.stringMatching(/^st_live=.*; Secure$/)]);
  });

  it('ends every open stream when the server closes, without waiting for the browsers', async () => {
    const stream = await openStream(small.base, { authorization: token });
    await stream.waitFor((events) => events.length > 0);
    const started = Date.now();
    await Promise.all([small.app.close(), stream.ended]);
    // Well under the 8 s the close would give a handler still running (and without ending the streams, the
    // HTTP server would wait for the browsers for ever).
    expect(Date.now() - started).toBeLessThan(6_000);
  });
});

describe.skipIf(TEST_DB !== 'postgres')(
  'an id that commits late (PostgreSQL: PGlite runs one transaction at a time)',
  () => {
    it('is delivered before the later ids that committed first', async () => {
      const stream = await openStream(main.base, { authorization: admin });
      await stream.waitFor((events) => events.length > 0);
      const url = (main.database as { url: string }).url;
      const late = new pg.Client({ connectionString: url });
      await late.connect();
      try {
        await late.query('begin');
        const taken = await late.query<{ id: string }>(
          `insert into live_events (type, payload) values ('trip', '{"late":true}') returning id`,
        );
        const lateId = Number(taken.rows[0]!.id);
        const [early] = await publish(main.app, [{ payload: { early: true } }]);
        expect(early).toBe(lateId + 1);
        // The hub has read the early one and holds it back, waiting for the id before it.
        await expect.poll(() => main.app.liveHub.waitingFor).toBe(lateId);
        expect(idsOf(stream)).toEqual([]);
        await late.query('commit');
        main.app.liveHub.committed();
        await stream.waitFor(hasIds([lateId, early!]));
        expect(idsOf(stream)).toEqual([lateId, early]);
      } finally {
        await late.end();
      }
    });
  },
);

describe('the keep-alive comment and slow readers', () => {
  it('writes a comment line on every quiet stream at the set interval', async () => {
    const stream = await openStream(main.base, { authorization: admin });
    await stream.waitFor((_events, comments) => comments.filter((c) => c === 'keep-alive').length >= 2);
    expect(stream.text()).toContain('\n: keep-alive\n\n');
  });

  it('closes the stream of a client that stops reading, and keeps no memory for it', async () => {
    const { hostname, port } = new URL(main.base);
    const openBefore = main.app.liveHub.streams;
    let response: http.IncomingMessage | undefined;
    const request = http.get(
      { hostname, port, path: '/api/live', headers: { authorization: admin } },
      (res) => {
        response = res;
        // Reads nothing more: what the server writes piles up in the socket, then in the server's memory.
        res.pause();
      },
    );
    request.on('error', () => {});
    await expect.poll(() => main.app.liveHub.streams).toBe(openBefore + 1);
    // Far more than the socket's own buffers hold, written until the server gives up on it.
    const big = { message: 'x'.repeat(200_000) };
    for (let round = 0; round < 100 && main.app.liveHub.streams > openBefore; round++) {
      const [id] = await publish(main.app, [{ type: 'alert', payload: big }]);
      await expect.poll(() => main.app.liveHub.lastId, { timeout: 20_000 }).toBe(id);
    }
    expect(main.app.liveHub.streams).toBe(openBefore);
    expect(main.logs.join('')).toContain('live stream: the client reads too slowly; closed');
    // It sees its stream end and would reconnect with its Last-Event-ID.
    const ended = new Promise((resolve) => response!.once('close', resolve));
    response!.resume();
    await ended;
  });
});

describe('the stream cookie', () => {
  const cookieOf = (answer: Response) => answer.headers.getSetCookie().find((c) => c.startsWith('st_live='));

  it('is set for the signed-in session, HttpOnly and SameSite=Strict, for /api/live only', async () => {
    const answer = await fetch(`${main.base}/api/live/cookie`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(answer.status).toBe(200);
    const cookie = cookieOf(answer)!;
    const maxAge = Math.floor(loadConfig({ NODE_ENV: 'test' }).session.absoluteMs / 1000);
    expect(cookie.split('; ')).toEqual([
      `st_live=${admin}`,
      'Path=/api/live',
      'HttpOnly',
      'SameSite=Strict',
      `Max-Age=${maxAge}`,
    ]);

    const stream = await openStream(main.base, { cookie: `other=1; st_live=${admin}` });
    expect(stream.status).toBe(200);
    const ids = await publish(main.app, [{}]);
    await stream.waitFor(hasIds(ids));

    // Any other route still wants the header: the cookie alone is nobody there.
    for (const [method, path] of [
      ['GET', '/api/auth/me'],
      ['POST', '/api/live/cookie'],
      ['GET', '/api/drivers/get-all'],
    ] as const) {
      const other = await fetch(`${main.base}${path}`, { method, headers: { cookie: `st_live=${admin}` } });
      expect(other.status, path).toBe(401);
    }
    // The session's token never reaches the log, neither from the Cookie header nor from Set-Cookie.
    expect(main.logs.join('')).not.toContain(admin);
  });

  it('stops working with its session, and is cleared on request', async () => {
    const driver = await signedInDriver(main.app);
    const set = await fetch(`${main.base}/api/live/cookie`, {
      method: 'POST',
      headers: { authorization: driver.token },
    });
    expect(cookieOf(set)).toContain(`st_live=${driver.token};`);
    const before = await openStream(main.base, { cookie: `st_live=${driver.token}` });
    expect(before.status).toBe(200);
    before.close();

    await fetch(`${main.base}/api/auth/logout`, { method: 'POST', headers: { authorization: driver.token } });
    const after = await openStream(main.base, { cookie: `st_live=${driver.token}` });
    await after.ended;
    expect(after.status).toBe(401);
    const malformed = await openStream(main.base, { cookie: 'st_live=not-a-token' });
    await malformed.ended;
    expect(malformed.status).toBe(401);

    const parentToken = await tokenFor(main.app, 'parent');
    const parent = await fetch(`${main.base}/api/live/cookie`, {
      method: 'POST',
      headers: { authorization: parentToken },
    });
    expect(parent.status).toBe(200);
    expect(cookieOf(parent)).toContain(`st_live=${parentToken};`);

    const cleared = await fetch(`${main.base}/api/live/cookie`, { method: 'DELETE' });
    expect(cleared.status).toBe(200);
    expect(cookieOf(cleared)).toBe('st_live=; Path=/api/live; HttpOnly; SameSite=Strict; Max-Age=0');
  });
});
