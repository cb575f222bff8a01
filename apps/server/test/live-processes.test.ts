import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataOf,
  openEventStream,
  recordsThrough,
  signedIn,
  startServer,
  type EventStream,
  type HttpApi,
  type RunningServer,
} from '@school-transport/testing';
import type { LiveTripChanged, Trip } from '@school-transport/shared';
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
    const { env } = folder;
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
