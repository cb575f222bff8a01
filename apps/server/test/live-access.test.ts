import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeIn,
  driverPayload,
  openEventStream,
  recordsThrough,
  startMailSink,
  type EventStream,
} from '@school-transport/testing';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../src/app.js';
import { loadConfig, type AppConfig, type DatabaseConfig } from '../src/config.js';
import { LISTENER_APPLICATION_NAME } from '../src/db/client.js';
import { assignmentStudents, liveEvents } from '../src/db/schema/index.js';
import { issueLinkToken } from '../src/modules/platform/accounts/account-tokens.js';
import { createSession, lifetimeOf } from '../src/modules/platform/auth/sessions.js';
import {
  STREAMS_PER_ADDRESS,
  STREAMS_PER_SESSION,
  STREAMS_PER_USER,
} from '../src/modules/operations/live/live-service.js';
import { createAccount, login, nextAddress, PASSWORD } from './support/accounts.js';
import { familyOnBus, type FamilyOnBus } from './support/parent-families.js';
import { apiAs, type Api } from './support/requests.js';
import { freshDatabase, manualClock, TEST_DB } from './support/test-app.js';

/**
 * A live stream belongs to its session (decision 051): every change of access — signing out, a session ended from
 * the list, the account disabled or deleted, a password reset, a new e-mail address, a child moved to another
 * family, a driver's session ended — ends the user's streams before the change's answer returns, on every process,
 * and no event written after the change reaches them. A stream also ends once its session has expired or idled out
 * (a re-check on one timer), and streams are capped per session, per user, per address and in all.
 */

const TODAY = '2026-03-02';
const time = manualClock(new Date(`${TODAY}T07:20:00Z`));

interface LiveApp {
  app: FastifyInstance;
  base: string;
  database: DatabaseConfig;
  close(): Promise<void>;
}

/** A listening server; `database` shares another app's database (as a second API process would). */
async function liveApp(
  options: { env?: Record<string, string>; live?: BuildOptions['live']; database?: DatabaseConfig } = {},
): Promise<LiveApp> {
  const fresh = options.database ? null : await freshDatabase();
  const database = options.database ?? fresh!.config;
  const config: AppConfig = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TIME_ZONE: 'Europe/London', ...options.env }),
    database,
    webDistDir: null,
  };
  const logStream = new Writable({ write: (_chunk, _encoding, done) => done() });
  const app = await buildApp(config, { clock: time.clock, logStream, live: options.live });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    database,
    async close() {
      await app.close();
      await fresh?.drop();
    },
  };
}

type EventFields = Partial<
  Pick<typeof liveEvents.$inferInsert, 'type' | 'tripId' | 'driverUserId' | 'payload'>
>;

/** Writes an event to the log as a service does, then says it was committed; answers its id. */
async function publish(app: FastifyInstance, event: EventFields): Promise<number> {
  const [row] = await app.database.db
    .insert(liveEvents)
    .values({ type: 'trip', tripId: null, driverUserId: null, payload: { marker: true }, ...event })
    .returning({ id: liveEvents.id });
  app.liveHub.committed();
  return row!.id;
}

const idsOf = (stream: EventStream) =>
  stream.events.filter((event) => event.event !== 'ready').map((event) => Number(event.id));

const streams: EventStream[] = [];
async function openStream(base: string, headers: Record<string, string>) {
  const stream = await openEventStream(`${base}/api/live`, headers);
  streams.push(stream);
  return stream;
}
async function openLive(base: string, token: string) {
  const stream = await openStream(base, { authorization: token });
  expect(stream.status, stream.text()).toBe(200);
  await stream.waitFor((events) => events.some((event) => event.event === 'ready'));
  return stream;
}

/**
 * The stream receives `event` (it is live and may see it); `change` runs; by the time its answer is back this
 * process has closed the stream (`streamsEnded` of them: a move ends two families'), an event written then never
 * reaches it, and it ends.
 */
async function endsAtOnce(
  live: LiveApp,
  stream: EventStream,
  event: EventFields,
  change: () => Promise<unknown>,
  streamsEnded = 1,
) {
  const before = await publish(live.app, event);
  await stream.waitFor((events) => events.some((e) => Number(e.id) === before));
  const open = live.app.liveHub.streams;
  await change();
  expect(live.app.liveHub.streams).toBe(open - streamsEnded);
  const after = await publish(live.app, event);
  await expect.poll(() => live.app.liveHub.lastId).toBeGreaterThanOrEqual(after);
  await stream.ended;
  expect(idsOf(stream)).not.toContain(after);
}

/** An account of `role`, signed in through the API: its id, e-mail and token. */
async function signedIn(app: FastifyInstance, role: 'admin' | 'driver') {
  const user = await createAccount(app, role);
  const answer = await login(app, user.email);
  expect(answer.statusCode, answer.body).toBe(200);
  return { id: user.id, email: user.email, token: answer.json().token as string };
}

let sink: Awaited<ReturnType<typeof startMailSink>>;
let main: LiveApp;
let admin: Api;

beforeAll(async () => {
  sink = await startMailSink();
  main = await liveApp({ env: { SMTP_URL: sink.url, PUBLIC_URL: 'http://school.example' } });
  admin = apiAs(main.app, (await signedIn(main.app, 'admin')).token);
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await main?.close();
  await sink?.close();
});

describe('a stream ends with the access that opened it, and nothing is sent after the change', () => {
  it('signing out: the stream ends, and its session cannot open another (401)', async () => {
    const user = await signedIn(main.app, 'admin');
    const stream = await openLive(main.base, user.token);
    await endsAtOnce(main, stream, {}, async () => {
      const answer = await main.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { authorization: user.token },
      });
      expect(answer.statusCode).toBe(200);
    });
    const again = await openStream(main.base, { authorization: user.token });
    await again.ended;
    expect(again.status).toBe(401);
  });

  it("a driver's session ended from their sessions list: that phone's stream ends, the other goes on", async () => {
    const driver = await signedIn(main.app, 'driver');
    const phone = await login(main.app, driver.email);
    const phoneToken = phone.json().token as string;
    const sessions = await main.app.inject({
      method: 'GET',
      url: '/api/profile/sessions',
      headers: { authorization: phoneToken },
    });
    const phoneSession = (sessions.json().data as { id: string; current: boolean }[]).find((s) => s.current)!;
    const own = { driverUserId: driver.id };
    const stream = await openLive(main.base, phoneToken);
    await endsAtOnce(main, stream, own, async () => {
      const answer = await main.app.inject({
        method: 'DELETE',
        url: `/api/profile/sessions/${phoneSession.id}`,
        headers: { authorization: driver.token },
      });
      expect(answer.statusCode).toBe(200);
    });
    const again = await openStream(main.base, { authorization: phoneToken });
    await again.ended;
    expect(again.status).toBe(401);
    // The driver's other session streams on, and is sent their trips' events.
    const other = await openLive(main.base, driver.token);
    const next = await publish(main.app, own);
    await other.waitFor((events) => events.some((event) => Number(event.id) === next));
  });

  it('an account disabled: its stream ends, and it cannot open another', async () => {
    const user = await signedIn(main.app, 'admin');
    const stream = await openLive(main.base, user.token);
    await endsAtOnce(main, stream, {}, async () => {
      expect((await admin('POST', `/api/users/disable/${user.id}`)).status).toBe(200);
    });
    const again = await openStream(main.base, { authorization: user.token });
    await again.ended;
    expect(again.status).toBe(401);
  });

  it("an account deleted (a driver's record): its stream ends", async () => {
    const driver = await recordsThrough(admin).driver();
    const { token } = await createSession(
      main.app.database.db,
      driver.user.id,
      { ip: '127.0.0.1' },
      time.clock(),
      { idleMs: 86_400_000, absoluteMs: 86_400_000 },
    );
    const stream = await openLive(main.base, token);
    await endsAtOnce(main, stream, { driverUserId: driver.user.id }, async () => {
      expect((await admin('DELETE', `/api/drivers/delete/${driver.id}`)).status).toBe(200);
    });
  });

  it('a password reset through a mailed link: every stream of the account ends', async () => {
    const user = await signedIn(main.app, 'admin');
    const stream = await openLive(main.base, user.token);
    const link = await issueLinkToken(main.app.database.db, user.id, 'password_reset', time.clock());
    await endsAtOnce(main, stream, {}, async () => {
      const password = 'a brand new passphrase';
      const answer = await main.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: link, password, confirmPassword: password },
        remoteAddress: nextAddress(),
      });
      expect(answer.statusCode, answer.body).toBe(200);
    });
    const again = await openStream(main.base, { authorization: user.token });
    await again.ended;
    expect(again.status).toBe(401);
  });

  it('a new e-mail address: the stream ends; the session, still live, opens a new one', async () => {
    const user = await signedIn(main.app, 'admin');
    const newEmail = `moved-${Date.now()}@example.com`;
    const asked = await main.app.inject({
      method: 'POST',
      url: '/api/profile/change-email',
      payload: { email: newEmail, currentPassword: PASSWORD },
      headers: { authorization: user.token },
      remoteAddress: nextAddress(),
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const code = codeIn(await sink.lastTo(newEmail))!;
    const stream = await openLive(main.base, user.token);
    await endsAtOnce(main, stream, {}, async () => {
      const answer = await main.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { code },
        headers: { authorization: user.token },
        remoteAddress: nextAddress(),
      });
      expect(answer.statusCode, answer.body).toBe(200);
    });
    await openLive(main.base, user.token);
  });

  it("an e-mail address changed by the office (a driver's record): the driver's stream ends", async () => {
    const payload = driverPayload();
    const driver = await recordsThrough(admin).driver(payload);
    const { token } = await createSession(
      main.app.database.db,
      driver.user.id,
      { ip: '127.0.0.1' },
      time.clock(),
      { idleMs: 86_400_000, absoluteMs: 86_400_000 },
    );
    const stream = await openLive(main.base, token);
    await endsAtOnce(main, stream, { driverUserId: driver.user.id }, async () => {
      const answer = await admin('PUT', `/api/drivers/update/${driver.id}`, {
        ...payload,
        email: `office-${payload.email}`,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    });
  });

  it("a driver's account disabled from their page: the driver's stream ends, and it cannot open another", async () => {
    const driver = await recordsThrough(admin).driver();
    const { token } = await createSession(
      main.app.database.db,
      driver.user.id,
      { ip: '127.0.0.1' },
      time.clock(),
      { idleMs: 86_400_000, absoluteMs: 86_400_000 },
    );
    const stream = await openLive(main.base, token);
    await endsAtOnce(main, stream, { driverUserId: driver.user.id }, async () => {
      expect((await admin('POST', `/api/drivers/${driver.id}/disable`)).status).toBe(200);
    });
    const again = await openStream(main.base, { authorization: token });
    await again.ended;
    expect(again.status).toBe(401);
  });

  describe('a child moved to another family', () => {
    let ours: FamilyOnBus;
    let theirs: FamilyOnBus;
    beforeAll(async () => {
      ours = await familyOnBus(main.app, admin, time.clock, { date: TODAY, children: 2 });
      theirs = await familyOnBus(main.app, admin, time.clock, { date: TODAY });
    });

    /** A boarding of `studentId`, as the live log carries it. */
    const boarding = (family: FamilyOnBus, studentId: string): EventFields => ({
      type: 'ridership',
      tripId: family.pickup,
      payload: {
        eventId: crypto.randomUUID(),
        tripId: family.pickup,
        studentId,
        kind: 'BOARD',
        occurredAt: time.clock().toISOString(),
      },
    });

    it("ends both families' streams; the old family's new stream no longer carries the child, the new one's does", async () => {
      const kid = ours.kids[0]!;
      const oldFamily = await openLive(main.base, ours.parentToken);
      const newFamily = await openLive(main.base, theirs.parentToken);
      const before = await admin('GET', `/api/students/get-one/${kid.id}`);
      const {
        name,
        class: className,
        rollNo,
        nfcTagId,
        pickupAndDropLat,
        pickupAndDropLng,
      } = before.body.data as Record<string, unknown>;
      await endsAtOnce(
        main,
        oldFamily,
        boarding(ours, kid.id),
        async () => {
          const moved = await admin('PUT', `/api/students/update/${kid.id}`, {
            name,
            class: className,
            rollNo,
            nfcTagId,
            pickupAndDropLat,
            pickupAndDropLng,
            parentId: theirs.family.id,
          });
          expect(moved.status, JSON.stringify(moved.body)).toBe(200);
        },
        2,
      );
      await newFamily.ended;

      // Reconnected, each family is scoped afresh: the child's next boarding reaches the new family only.
      const oldAgain = await openLive(main.base, ours.parentToken);
      const newAgain = await openLive(main.base, theirs.parentToken);
      const next = await publish(main.app, boarding(theirs, kid.id));
      await newAgain.waitFor((events) => events.some((event) => Number(event.id) === next));
      // A later event the old family does see (their other child): once it is there, the boarding would have been.
      const stillOurs = await publish(main.app, boarding(ours, ours.kids[1]!.id));
      await oldAgain.waitFor((events) => events.some((event) => Number(event.id) === stillOurs));
      expect(idsOf(oldAgain)).toEqual([stillOurs]);
      expect(oldAgain.text()).not.toContain(kid.id);
    });

    it("a parent disabled from their family's page: their stream ends, and it cannot open another", async () => {
      const family = await familyOnBus(main.app, admin, time.clock, { date: TODAY });
      const stream = await openLive(main.base, family.parentToken);
      await endsAtOnce(main, stream, boarding(family, family.kids[0]!.id), async () => {
        expect((await admin('POST', `/api/parents/${family.family.id}/disable`)).status).toBe(200);
      });
      const again = await openStream(main.base, { authorization: family.parentToken });
      await again.ended;
      expect(again.status).toBe(401);
    });

    it("a child's seat taken off their bus by the office: the family's stream ends; the new one no longer follows that bus", async () => {
      const family = await familyOnBus(main.app, admin, time.clock, { date: TODAY });
      const kid = family.kids[0]!;
      const tripEvent: EventFields = {
        type: 'trip',
        tripId: family.pickup,
        payload: { tripId: family.pickup, status: 'PENDING' },
      };
      const stream = await openLive(main.base, family.parentToken);
      // While the child is seated, the bus's trip is the family's.
      const seen = await publish(main.app, tripEvent);
      await stream.waitFor((events) => events.some((event) => Number(event.id) === seen));
      await endsAtOnce(main, stream, boarding(family, kid.id), async () => {
        const unseated = await admin('POST', '/api/route-assignments/assign-students', {
          id: family.assignmentId,
          studentIds: [],
        });
        expect(unseated.status, JSON.stringify(unseated.body)).toBe(200);
      });
      // Reconnected, scoped afresh: that bus's trip is no longer theirs; their child's own news still is.
      const again = await openLive(main.base, family.parentToken);
      const notTheirs = await publish(main.app, tripEvent);
      const stillTheirs = await publish(main.app, boarding(family, kid.id));
      await again.waitFor((events) => events.some((event) => Number(event.id) === stillTheirs));
      expect(idsOf(again)).not.toContain(notTheirs);
    });
  });
});

describe('a guardian unlinked from a child (decision 064)', () => {
  const boardingOf = (family: FamilyOnBus, studentId: string): EventFields => ({
    type: 'ridership',
    tripId: family.pickup,
    payload: {
      eventId: crypto.randomUUID(),
      tripId: family.pickup,
      studentId,
      kind: 'BOARD',
      occurredAt: time.clock().toISOString(),
    },
  });

  it("ends that guardian's stream; reconnected, it no longer carries the child, and still carries their own", async () => {
    const ours = await familyOnBus(main.app, admin, time.clock, { date: TODAY });
    const theirs = await familyOnBus(main.app, admin, time.clock, { date: TODAY });
    const kid = ours.kids[0]!;
    const linked = await admin('POST', `/api/students/${kid.id}/guardians`, {
      parentId: theirs.family.id,
      relation: 'STEP_PARENT',
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    const stream = await openLive(main.base, theirs.parentToken);
    await endsAtOnce(main, stream, boardingOf(ours, kid.id), async () => {
      const unlinked = await admin('DELETE', `/api/students/${kid.id}/guardians/${theirs.family.id}`);
      expect(unlinked.status, JSON.stringify(unlinked.body)).toBe(200);
    });
    const again = await openLive(main.base, theirs.parentToken);
    await publish(main.app, boardingOf(ours, kid.id));
    const own = await publish(main.app, boardingOf(theirs, theirs.kids[0]!.id));
    await again.waitFor((events) => events.some((event) => Number(event.id) === own));
    expect(idsOf(again)).toEqual([own]);
  });
});

describe('caps on streams', () => {
  it(`refuses a ${STREAMS_PER_SESSION + 1}th stream of one session and a ${STREAMS_PER_USER + 1}th of one user, in words (429)`, async () => {
    const user = await signedIn(main.app, 'admin');
    const first = await Promise.all(
      Array.from({ length: STREAMS_PER_SESSION }, () => openLive(main.base, user.token)),
    );
    const refused = await openStream(main.base, { authorization: user.token });
    await refused.ended;
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(JSON.parse(refused.text())).toMatchObject({
      success: false,
      message: expect.stringContaining(`already has ${STREAMS_PER_SESSION} live streams open`),
    });
    // A closed tab gives its place back.
    first[0]!.close();
    await expect
      .poll(async () => (await openStream(main.base, { authorization: user.token })).status)
      .toBe(200);

    // The same person on another device: the account's cap.
    const other = (await login(main.app, user.email)).json().token as string;
    const third = (await login(main.app, user.email)).json().token as string;
    for (let i = 0; i < STREAMS_PER_USER - STREAMS_PER_SESSION; i++) await openLive(main.base, other);
    const overUser = await openStream(main.base, { authorization: third });
    await overUser.ended;
    expect(overUser.status).toBe(429);
    expect(JSON.parse(overUser.text()).message).toContain(`This account already has ${STREAMS_PER_USER}`);
    // Another account is not held back by it.
    await openLive(main.base, (await signedIn(main.app, 'admin')).token);
  });

  describe('per address and in all', () => {
    let capped: LiveApp;
    beforeAll(async () => {
      // 16 connections: streams may hold 8; one proxy in front, so each test client names its address.
      capped = await liveApp({
        env: { MAX_CONNECTIONS: '16', TRUST_PROXY: '1' },
        live: { caps: { perAddress: 3 } },
      });
    });
    afterAll(() => capped?.close());

    const from = (address: string, token: string) =>
      openStream(capped.base, { authorization: token, 'x-forwarded-for': address });

    it('refuses a stream past the cap of its address (429), then past the share of the connection limit (503)', async () => {
      const tokens = await Promise.all(
        Array.from({ length: 9 }, async () => (await signedIn(capped.app, 'admin')).token),
      );
      for (const token of tokens.slice(0, 3)) expect((await from('203.0.113.1', token)).status).toBe(200);
      const overAddress = await from('203.0.113.1', tokens[3]!);
      await overAddress.ended;
      expect(overAddress.status).toBe(429);
      expect(JSON.parse(overAddress.text()).message).toContain(
        'Your network already has 3 live streams open',
      );

      for (const [index, token] of tokens.slice(3, 8).entries())
        expect((await from(`203.0.113.${10 + index}`, token)).status).toBe(200);
      expect(capped.app.liveStreams.count).toBe(8);
      const overShare = await from('203.0.113.99', tokens[8]!);
      await overShare.ended;
      expect(overShare.status).toBe(503);
      expect(JSON.parse(overShare.text()).message).toBe(
        'The server has as many live streams open as it may. Try again in a minute.',
      );
      // Every other request still finds a connection.
      const me = await fetch(`${capped.base}/api/auth/me`, { headers: { authorization: tokens[8]! } });
      expect(me.status).toBe(200);
    });

    it(
      'by default allows ' + STREAMS_PER_ADDRESS + ' per address and half the connection limit in all',
      () => {
        const defaults = loadConfig({ NODE_ENV: 'test' }).http.maxConnections;
        expect(main.app.liveStreams.caps).toEqual({
          perSession: STREAMS_PER_SESSION,
          perUser: STREAMS_PER_USER,
          perAddress: STREAMS_PER_ADDRESS,
          total: Math.floor(defaults / 2),
        });
      },
    );
  });
});

describe.skipIf(TEST_DB !== 'postgres')('two API processes on one PostgreSQL database', () => {
  let second: LiveApp;
  beforeAll(async () => {
    // It reads the log only when told (no poll): an event reaches it after every access change before it.
    second = await liveApp({ database: main.database, live: { pollMs: 3_600_000 } });
  });
  afterAll(async () => {
    await second?.app.close();
  });

  it('ends a stream on the other process when its session ends here, before any later event reaches it', async () => {
    const user = await signedIn(main.app, 'admin');
    const stream = await openLive(second.base, user.token);
    const before = await publish(main.app, {});
    await stream.waitFor((events) => events.some((event) => Number(event.id) === before));
    const answer = await main.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: user.token },
    });
    expect(answer.statusCode).toBe(200);
    const after = await publish(main.app, {});
    await expect.poll(() => second.app.liveHub.lastId).toBeGreaterThanOrEqual(after);
    await stream.ended;
    expect(idsOf(stream)).not.toContain(after);
  });

  it("after its listening connection was lost, a process ends parents' streams (to scope them afresh) and keeps the others whose session is live", async () => {
    const family = await familyOnBus(main.app, admin, time.clock, { date: TODAY });
    const office = await signedIn(main.app, 'admin');
    const parent = await openLive(second.base, family.parentToken);
    const staff = await openLive(second.base, office.token);
    const databaseName = new URL((main.database as { url: string }).url).pathname.slice(1);
    const client = new pg.Client({ connectionString: (main.database as { url: string }).url });
    await client.connect();
    try {
      // Both processes' listeners are cut; what was told meanwhile is lost.
      await client.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = $2',
        [LISTENER_APPLICATION_NAME, databaseName],
      );
    } finally {
      await client.end();
    }
    await parent.ended;
    const next = await publish(main.app, {});
    await staff.waitFor((events) => events.some((event) => Number(event.id) === next));
  });

  it("ends a parent's stream on the other process when their child's seat is taken away by any write", async () => {
    const family = await familyOnBus(main.app, admin, time.clock, { date: TODAY });
    const stream = await openLive(second.base, family.parentToken);
    // As an import or psql would: no service of this process is involved, the trigger tells every process.
    await main.app.database.db
      .delete(assignmentStudents)
      .where(eq(assignmentStudents.assignmentId, family.assignmentId));
    await stream.ended;
  });
});

// Last: it moves the clock past every session's lifetime.
describe('a stream ends once its session has expired or idled out (the re-check)', () => {
  let checked: LiveApp;
  let idleMs: number;
  let absoluteMs: number;
  beforeAll(async () => {
    // Re-checked every 50 ms here, so the test waits for what it sees; the clock is the test's own.
    checked = await liveApp({ live: { recheckMs: 50 } });
    // The streams here are administrators': their sessions' lifetimes, the same rules as every request's.
    ({ idleMs, absoluteMs } = lifetimeOf(loadConfig({ NODE_ENV: 'test' }).session, 'admin'));
  });
  afterAll(() => checked?.close());

  it('ends the stream of a session left idle past its lifetime; an open stream is no use that keeps it alive', async () => {
    const busy = await signedIn(checked.app, 'admin');
    const idle = await signedIn(checked.app, 'admin');
    const busyStream = await openLive(checked.base, busy.token);
    const idleStream = await openLive(checked.base, idle.token);
    time.advance(idleMs - 60_000);
    // Used: its idle time starts again.
    const me = await checked.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: busy.token },
    });
    expect(me.statusCode).toBe(200);
    time.advance(120_000);
    await idleStream.ended;
    expect(busyStream.isEnded()).toBe(false);
    const next = await publish(checked.app, {});
    await busyStream.waitFor((events) => events.some((event) => Number(event.id) === next));
  });

  it('ends the stream of a session past its absolute lifetime, however busy', async () => {
    const user = await signedIn(checked.app, 'admin');
    const stream = await openLive(checked.base, user.token);
    // Busy all along: a request every hour keeps it from idling out, not from ending.
    for (let used = 0; used < absoluteMs; used += 3_600_000) {
      time.advance(Math.min(3_600_000, idleMs / 2));
      const me = await checked.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: user.token },
      });
      if (me.statusCode !== 200) break;
    }
    time.advance(absoluteMs);
    await stream.ended;
  });
});
