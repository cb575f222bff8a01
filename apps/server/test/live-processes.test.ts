import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataOf,
  openEventStream,
  recordsThrough,
  signedIn,
  startPushService,
  startServer,
  type EventStream,
  type HttpApi,
  type PushService,
  type RunningServer,
} from '@school-transport/testing';
import type { FamilyMessage, LiveTripChanged, PushPayload, Trip } from '@school-transport/shared';
import { LISTENER_APPLICATION_NAME } from '../src/db/client.js';
import { migratedDataDir, OPS_ADMIN } from './support/data-dir-process.js';
import { TEST_DB } from './support/test-app.js';

/**
 * Two real API processes on one PostgreSQL database and one shared DATA_DIR, as behind a load balancer: an event
 * committed through one reaches a stream opened on the other (LISTEN/NOTIFY), and when the listening connections
 * are killed, they come back and the stream goes on with every id, none missing. PostgreSQL only: on the embedded
 * database one process holds the data folder, so there is no second process to reach.
 */
const DAY = '2026-03-02';

describe.skipIf(TEST_DB !== 'postgres')('the live stream across two API processes', () => {
  let folder: Awaited<ReturnType<typeof migratedDataDir>>;
  let first: RunningServer;
  let second: RunningServer;
  let api: HttpApi;
  let push: PushService;
  let tripIds: string[];
  const streams: EventStream[] = [];

  /** A query on the test's database from outside both servers. */
  const query = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: folder.env.DATABASE_URL });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  };
  const databaseName = () => new URL(folder.env.DATABASE_URL!).pathname.slice(1);
  const listeners = () =>
    query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1 and datname = $2', [
      LISTENER_APPLICATION_NAME,
      databaseName(),
    ]);
  const loggedIds = async () =>
    (await query<{ id: string }>('select id from live_events order by id')).map((row) => Number(row.id));
  const move = async (action: 'start' | 'complete' | 'cancel', tripId: string) => {
    const answer = await api(
      'POST',
      `/api/trips/${action}/${tripId}`,
      action === 'cancel' ? { reason: 'Road closed' } : undefined,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };
  const streamIds = (stream: EventStream) =>
    stream.events.filter((event) => event.event !== 'ready').map((event) => Number(event.id));

  beforeAll(async () => {
    // A migrated copy: the first start on an empty database is data-dir.test.ts's to test.
    folder = await migratedDataDir('live_processes', 'postgres');
    // Both processes push to the tests' push service (loopback http, taken under NODE_ENV=test).
    push = await startPushService();
    const env = { ...folder.env, PUSH_EXTRA_ORIGINS: push.origin };
    // One after the other: the first creates the first administrator, the second finds it.
    first = await startServer({ env });
    second = await startServer({ env });
    api = await first.apiAs(OPS_ADMIN);
    const make = recordsThrough((method, url, body) => api(method, url, body));
    for (let i = 0; i < 3; i++) {
      const [driver, vehicle, route] = await Promise.all([make.driver(), make.vehicle(), make.busRoute()]);
      await make.assignment({ driverId: driver.id, vehicleId: vehicle.id, routeId: route.id });
    }
    const generated = await api('POST', '/api/trips/generate', { date: DAY });
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    const trips = await api<Trip[]>('GET', `/api/trips/get-all?dateFrom=${DAY}&dateTo=${DAY}&limit=100`);
    tripIds = trips.body.data.map((trip) => trip.id);
    expect(tripIds).toHaveLength(6);
  }, 600_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await Promise.all([first?.stop(), second?.stop()]);
    await push?.close();
    await folder?.remove();
  }, 60_000);

  it('delivers an event made through one process to a stream on the other, and every id after a lost listener', async () => {
    const { token } = await signedIn(second.url, OPS_ADMIN);
    const stream = await openEventStream(`${second.url}/api/live`, { authorization: token });
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.waitFor((events) => events.length > 0);

    await move('start', tripIds[0]!);
    await stream.waitFor((events) => events.some((event) => event.event === 'trip'));
    expect(dataOf<LiveTripChanged>(stream.events, 'trip')).toEqual([{ tripId: tripIds[0] }]);

    // Both processes' listening connections are cut, as a database restart or a network drop would.
    const before = await listeners();
    expect(before).toHaveLength(2);
    await query('select pg_terminate_backend(pid) from pg_stat_activity where pid = any($1)', [
      before.map((row) => row.pid),
    ]);
    // Events made meanwhile, through the first process.
    await move('complete', tripIds[0]!);
    await move('start', tripIds[1]!);
    await move('cancel', tripIds[2]!);
    // Both come back, on new connections.
    await expect
      .poll(async () => (await listeners()).map((row) => row.pid), { timeout: 30_000, interval: 200 })
      .toSatisfy(
        (pids: number[]) => pids.length === 2 && !pids.some((pid) => before.some((b) => b.pid === pid)),
      );
    await move('start', tripIds[3]!);
    await move('complete', tripIds[1]!);

    const logged = await loggedIds();
    expect(logged).toHaveLength(6);
    await stream.waitFor((events) => events.some((event) => Number(event.id) === logged.at(-1)));
    expect(streamIds(stream)).toEqual(logged);
    // Consecutive: nothing was skipped between the first and the last.
    expect(logged).toEqual(Array.from({ length: 6 }, (_, i) => logged[0]! + i));
    expect(second.output()).toContain('the listening connection was lost');
  }, 120_000);

  it('resumes on the other process after Last-Event-ID, as a browser sent elsewhere by the load balancer', async () => {
    const { token } = await signedIn(second.url, OPS_ADMIN);
    const onSecond = await openEventStream(`${second.url}/api/live`, { authorization: token });
    streams.push(onSecond);
    await onSecond.waitFor((events) => events.length > 0);
    const seen = onSecond.lastEventId();
    onSecond.close();

    await move('complete', tripIds[3]!);
    await move('start', tripIds[4]!);
    const missed = (await loggedIds()).filter((id) => id > Number(seen));
    expect(missed).toHaveLength(2);
    const onFirst = await openEventStream(`${first.url}/api/live`, {
      authorization: token,
      'last-event-id': seen!,
    });
    streams.push(onFirst);
    await onFirst.waitFor((events) => events.some((event) => Number(event.id) === missed.at(-1)));
    expect(streamIds(onFirst)).toEqual(missed);
  }, 60_000);

  it('sends office messages through either process to each guardian once, both processes running the job', async () => {
    // Issue 35: "exactly the chosen audience, once each, including across two API processes on PostgreSQL". Each
    // process runs the family-messages job (woken by its own send, and every 2 s) and a notification dispatcher.
    const make = recordsThrough((method, url, body) => api(method, url, body));
    const families = await Promise.all(Array.from({ length: 8 }, () => make.family()));
    // A second guardian of one child, so a child is not a guardian.
    const [shared] = families[0]!.students;
    const link = await api('POST', `/api/students/${shared!.id}/guardians`, {
      parentId: families[1]!.id,
      relation: 'STEP_PARENT',
    });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const endpointOf = new Map<string, string>();
    for (const family of families) {
      const device = push.subscription();
      await query(
        'insert into push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)',
        [family.user.id, device.endpoint, device.keys.p256dh, device.keys.auth],
      );
      endpointOf.set(device.endpoint, family.user.id);
    }
    const onSecond = await second.apiAs(OPS_ADMIN);
    // Sent at once through both processes: each process's job meets both messages.
    const sent = await Promise.all(
      [api, onSecond].map((through, i) =>
        through('POST', '/api/family-messages/create', {
          audience: { kind: 'everyone' },
          body: `Road closed on Mill Lane (${i})`,
        }),
      ),
    );
    for (const answer of sent) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const ids = sent.map((answer) => (answer.body as { data: FamilyMessage }).data.id);
    // Done: every recipient handled by a dispatcher, so no push of these messages is still to come.
    for (const id of ids)
      await expect
        .poll(async () => (await api<FamilyMessage>('GET', `/api/family-messages/get-one/${id}`)).body.data, {
          timeout: 20_000,
          interval: 100,
        })
        .toMatchObject({ state: 'DONE', recipients: families.length });
    const office = push.messages.filter(
      (message) => (message.payload as PushPayload).kind === 'OFFICE_MESSAGE',
    );
    const received = office.map(
      (message) => `${endpointOf.get(message.endpoint)} ${(message.payload as PushPayload).body}`,
    );
    const expected = families.flatMap((family) =>
      [0, 1].map((i) => `${family.user.id} Road closed on Mill Lane (${i})`),
    );
    expect(received.sort()).toEqual(expected.sort());
    expect(push.rejected).toEqual([]);
  }, 60_000);

  it('stops cleanly with streams open, ending them so their browsers reconnect to the other process', async () => {
    const { token } = await signedIn(second.url, OPS_ADMIN);
    const stream = await openEventStream(`${second.url}/api/live`, { authorization: token });
    streams.push(stream);
    await stream.waitFor((events) => events.length > 0);
    // 0, not the 1 of a shutdown that ran out of its grace waiting for the stream.
    expect(await second.stop('SIGTERM')).toBe(0);
    await stream.ended;
  }, 60_000);
});
