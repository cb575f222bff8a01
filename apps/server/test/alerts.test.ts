import { randomUUID } from 'node:crypto';
import { asc, eq, gt } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Alert, RidershipEventInput, RidershipKind } from '@school-transport/shared';
import { alerts, auditLog, liveEvents, trips } from '../src/db/schema/index.js';
import { createAlertChecks } from '../src/modules/operations/alerts/alert-checks.js';
import { acknowledgeAlert, raiseAlerts } from '../src/modules/operations/alerts/alert-queries.js';
import { createAlertService } from '../src/modules/operations/alerts/alert-service.js';
import { createLiveLog } from '../src/modules/operations/live/live-log.js';
import { latestLiveEventId } from '../src/modules/operations/live/live-queries.js';
import { createJobRunner } from '../src/modules/platform/jobs/job-runner.js';
import { createAccount, tokenFor } from './support/accounts.js';
import { busWithTrips, type Bus } from './support/buses.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

/**
 * Alerts the server raises: from what a driver sends (a child of another bus, an absent child, a finish with
 * children on board) and from time passing (no position, not started), each once per cause however often it
 * recurs; listed for the office, acknowledged once by a named person, never naming a child in their message.
 */
const TODAY = '2026-03-02';
const time = manualClock(new Date(`${TODAY}T07:30:00Z`));
let t: TestApp;
let admin: Api;
const db = () => t.app.database.db;

beforeAll(async () => {
  t = await createTestApp({ clock: time.clock, env: { LOG_LEVEL: 'silent', TIME_ZONE: 'Europe/London' } });
  admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
  return () => t.close();
});

const bus = (options: Parameters<typeof busWithTrips>[3] = {}) =>
  busWithTrips(t.app, admin, time.clock, options);

/** One scan, a second after the one before: a child's state follows the order things happened in. */
const scan = (b: Bus, tripId: string, studentId: string, kind: RidershipKind = 'BOARD') => {
  time.advance(1000);
  return b.driverApi('POST', '/api/driver/events', {
    events: [
      {
        eventId: randomUUID(),
        tripId,
        kind,
        method: 'TAP',
        studentId,
        occurredAt: time.clock().toISOString(),
      } satisfies RidershipEventInput,
    ],
  });
};

const alertsOf = (tripId: string) =>
  db().select().from(alerts).where(eq(alerts.tripId, tripId)).orderBy(asc(alerts.raisedAt));

const listed = async (state?: 'open' | 'all') => {
  const answer = await admin('GET', `/api/alerts${state ? `?state=${state}` : ''}`);
  expect(answer.status).toBe(200);
  return answer.body.data as Alert[];
};

/** Every child name the tests made, to check that no alert's message carries one. */
const childNames = new Set<string>();
const remember = (b: Bus) => {
  for (const kid of b.kids) childNames.add(kid.name);
  return b;
};

describe('raised by what the driver sends', () => {
  let b: Bus;
  let other: Bus;
  beforeAll(async () => {
    b = remember(await bus());
    other = remember(await bus({ children: 1 }));
  });

  it('raises a wrong-bus alert once per child and trip, however often the child is scanned', async () => {
    const stranger = other.kids[0]!;
    expect((await scan(b, b.pickup, stranger.id)).status).toBe(200);
    const firstScanAt = time.clock().toISOString();
    expect((await scan(b, b.pickup, stranger.id, 'ALIGHT')).status).toBe(200);
    const rows = await alertsOf(b.pickup);
    expect(rows).toEqual([
      expect.objectContaining({
        kind: 'WRONG_BUS',
        cause: `WRONG_BUS:${b.pickup}:${stranger.id}`,
        studentId: stranger.id,
        acknowledgedAt: null,
      }),
    ]);
    // The office sees who it is, read from the child's record; the driver was never told.
    const shown = (await listed()).find((alert) => alert.id === rows[0]!.id);
    expect(shown).toMatchObject({
      kind: 'WRONG_BUS',
      tripId: b.pickup,
      routeName: (await db().select().from(trips).where(eq(trips.id, b.pickup)))[0]!.routeName,
      studentId: stranger.id,
      studentName: stranger.name,
      raisedAt: firstScanAt,
      acknowledgedAt: null,
      acknowledgedBy: null,
    });
    expect(shown!.message).toMatch(/not seated on this bus/);
  });

  it('raises an absent-child alert when a child marked absent for the run boards, once', async () => {
    const [absent, absentInTheAfternoon] = [b.kids[1]!, b.kids[2]!];
    for (const [kid, run] of [
      [absent, 'PICKUP'],
      [absentInTheAfternoon, 'DROP'],
    ] as const) {
      const marked = await admin('POST', `/api/students/${kid.id}/absences`, { date: TODAY, run });
      expect(marked.status).toBe(201);
    }
    await scan(b, b.pickup, absentInTheAfternoon.id);
    await scan(b, b.pickup, absent.id, 'NO_SHOW');
    expect((await alertsOf(b.pickup)).map((row) => row.kind)).toEqual(['WRONG_BUS']);
    await scan(b, b.pickup, absent.id);
    await scan(b, b.pickup, absent.id);
    const raised = (await alertsOf(b.pickup)).filter((row) => row.kind === 'ABSENT_SCANNED');
    expect(raised).toEqual([
      expect.objectContaining({ cause: `ABSENT_SCANNED:${b.pickup}:${absent.id}`, studentId: absent.id }),
    ]);
  });

  it('raises an alert when the driver finishes with a child on board, without the driver’s words', async () => {
    const reason = `${b.kids[0]!.name} stayed on: parent not at the stop`;
    // Everyone else left; one child is still recorded on board.
    for (const kid of [b.kids[1]!, b.kids[2]!]) await scan(b, b.pickup, kid.id, 'ALIGHT');
    await scan(b, b.pickup, other.kids[0]!.id, 'ALIGHT');
    await scan(b, b.pickup, b.kids[0]!.id);
    const finished = await b.driverApi('POST', `/api/driver/trips/${b.pickup}/finish`, { reason });
    expect(finished.status).toBe(200);
    const [alert] = (await alertsOf(b.pickup)).filter((row) => row.kind === 'FINISHED_WITH_CHILD');
    expect(alert).toMatchObject({ cause: `FINISHED_WITH_CHILD:${b.pickup}`, studentId: null });
    expect(alert!.message).toMatch(
      /^Finished with 1 child recorded on board: the morning run of .+\. The driver's reason is on the trip\.$/,
    );
    expect(alert!.message).not.toContain('parent not at the stop');
  });

  it('raises none when the trip is finished with nobody on board', async () => {
    const empty = remember(await bus({ start: ['DROP'] }));
    expect((await empty.driverApi('POST', `/api/driver/trips/${empty.drop}/finish`, {})).status).toBe(200);
    expect(await alertsOf(empty.drop)).toEqual([]);
  });
});

describe('acknowledging', () => {
  it('is done once, by a named person, audited and sent on the live stream; a second time is 409', async () => {
    const b = remember(await bus());
    const stranger = remember(await bus({ children: 1 })).kids[0]!;
    await scan(b, b.pickup, stranger.id);
    const [row] = await alertsOf(b.pickup);
    const before = await latestLiveEventId(db());
    time.advance(60_000);

    const answer = await admin('POST', `/api/alerts/${row!.id}/acknowledge`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      id: row!.id,
      acknowledgedAt: time.clock().toISOString(),
      acknowledgedBy: 'Test admin',
      studentName: stranger.name,
    });
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, row!.id));
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'alert.acknowledged',
        entityType: 'alert',
        details: { kind: 'WRONG_BUS', tripId: b.pickup },
      }),
    ]);
    const sent = await db().select().from(liveEvents).where(gt(liveEvents.id, before));
    expect(sent).toEqual([
      expect.objectContaining({
        type: 'alert',
        tripId: b.pickup,
        driverUserId: null,
        payload: answer.body.data,
      }),
    ]);

    const again = await admin('POST', `/api/alerts/${row!.id}/acknowledge`);
    expect(again.status).toBe(409);
    const seenAt = time.clock().toISOString().slice(11, 16); // London is on UTC in March
    expect(again.body.message).toBe(`This alert was acknowledged already, by Test admin at ${seenAt}.`);
    expect(await db().select().from(auditLog).where(eq(auditLog.entityId, row!.id))).toHaveLength(1);
    expect((await listed()).map((alert) => alert.id)).not.toContain(row!.id);
  });

  it('answers 404 for an alert that does not exist, 400 for an id that is not one', async () => {
    expect((await admin('POST', `/api/alerts/${randomUUID()}/acknowledge`)).status).toBe(404);
    expect((await admin('POST', '/api/alerts/nope/acknowledge')).status).toBe(400);
  });
});

describe('the list', () => {
  it('holds the open alerts, or with state=all the ones raised today too, newest first', async () => {
    const b = remember(await bus());
    const someone = await createAccount(t.app, 'admin');
    const yesterday = new Date(time.clock().getTime() - 86_400_000);
    const alert = (name: string, raisedAt: Date) => ({
      kind: 'LATE' as const,
      cause: `TEST:${name}:${randomUUID()}`,
      tripId: b.pickup,
      message: name,
      raisedAt,
    });
    const raised = await raiseAlerts(db(), [
      alert('yesterday, open', yesterday),
      alert('yesterday, seen', yesterday),
      alert('today, open', time.clock()),
      alert('today, seen', time.clock()),
    ]);
    const id = (message: string) =>
      raised[['yesterday, open', 'yesterday, seen', 'today, open', 'today, seen'].indexOf(message)]!.id;
    for (const seen of ['yesterday, seen', 'today, seen'])
      await acknowledgeAlert(db(), id(seen), someone.id, time.clock());

    const mine = (list: Alert[]) => list.filter((row) => row.tripId === b.pickup).map((row) => row.message);
    expect(mine(await listed())).toEqual(['today, open', 'yesterday, open']);
    expect(mine(await listed('open'))).toEqual(['today, open', 'yesterday, open']);
    expect(new Set(mine(await listed('all')))).toEqual(
      new Set(['today, open', 'today, seen', 'yesterday, open']),
    );
    expect((await listed('all')).find((row) => row.message === 'today, seen')).toMatchObject({
      acknowledgedBy: 'Test admin',
      acknowledgedAt: time.clock().toISOString(),
    });
    expect((await admin('GET', '/api/alerts?state=closed')).status).toBe(400);
  });

  it('forgets the child’s name once the child is deleted, keeping the alert', async () => {
    const b = remember(await bus());
    const stranger = remember(await bus({ children: 1 })).kids[0]!;
    await scan(b, b.pickup, stranger.id);
    const [row] = await alertsOf(b.pickup);
    expect((await admin('DELETE', `/api/students/delete/${stranger.id}`)).status).toBe(200);
    const shown = (await listed()).find((alert) => alert.id === row!.id);
    expect(shown).toMatchObject({
      kind: 'WRONG_BUS',
      studentId: null,
      studentName: null,
      message: row!.message,
    });
  });
});

describe('the periodic checks', () => {
  const checksAt = () => {
    const live = createLiveLog(() => t.app.liveHub.committed());
    const timeZone = t.config.timeZone;
    return createAlertChecks({
      db: db(),
      clock: time.clock,
      timeZone,
      notStartedMinutes: t.config.alerts.notStartedMinutes,
      alerts: createAlertService({ db: db(), clock: time.clock, live, timeZone }),
      live,
    });
  };
  const kindsOf = async (tripId: string) => (await alertsOf(tripId)).map((row) => row.kind);

  it('raise NO_POSITION for a started trip silent for 2 minutes, and NOT_STARTED past the planned start, once', async () => {
    const checks = checksAt();
    const started = remember(await bus());
    const pending = remember(await bus({ start: [] }));
    const plannedAt = new Date(time.clock().getTime() + 60_000);
    await db().update(trips).set({ plannedStartAt: plannedAt }).where(eq(trips.id, pending.pickup));
    const minutes = (n: number) => time.advance(n * 60_000);

    minutes(1);
    await checks.run();
    const position = {
      positionId: randomUUID(),
      tripId: started.pickup,
      lat: 12.9,
      lng: 77.6,
      recordedAt: time.clock().toISOString(),
    };
    expect((await started.driverApi('POST', '/api/driver/positions', { positions: [position] })).status).toBe(
      200,
    );
    minutes(1.5);
    await checks.run();
    expect(await kindsOf(started.pickup)).toEqual([]);

    minutes(1);
    const raised = await checks.run();
    expect(raised.filter((alert) => alert.tripId === started.pickup)).toEqual([
      expect.objectContaining({
        kind: 'NO_POSITION',
        message: expect.stringMatching(/^No position from the morning run of .+ for 2 minutes\.$/),
      }),
    ]);
    expect((await checks.run()).filter((alert) => alert.tripId === started.pickup)).toEqual([]);
    expect(await kindsOf(started.pickup)).toEqual(['NO_POSITION']);
    expect(await kindsOf(pending.pickup)).toEqual([]);

    minutes(t.config.alerts.notStartedMinutes);
    await checks.run();
    await checks.run();
    const [notStarted] = await alertsOf(pending.pickup);
    expect(await kindsOf(pending.pickup)).toEqual(['NOT_STARTED']);
    const plannedClock = plannedAt.toISOString().slice(11, 16); // London is on UTC in March
    expect(notStarted!.message).toMatch(/^Not started: the morning run of .+ was planned for /);
    expect(notStarted!.message.endsWith(`planned for ${plannedClock}.`)).toBe(true);
    // the drop run has no planned start: nothing to be late against
    expect(await kindsOf(pending.drop)).toEqual([]);
    // its trips were silent too, but PENDING trips are not expected to send positions
    expect((await kindsOf(pending.pickup)).includes('NO_POSITION')).toBe(false);
  });

  it('run on a timer once the server is ready', async () => {
    const pending = remember(await bus({ start: [] }));
    await db()
      .update(trips)
      .set({ plannedStartAt: new Date(time.clock().getTime() - 3_600_000) })
      .where(eq(trips.id, pending.drop));
    const jobs = createJobRunner({
      db: db(),
      clock: time.clock,
      timeZone: t.config.timeZone,
      log: t.app.log,
    });
    jobs.start([
      { name: 'alert-checks', schedule: { every: 20 }, claim: 'each-process', run: checksAt().run },
    ]);
    await vi.waitFor(async () => expect(await kindsOf(pending.drop)).toEqual(['NOT_STARTED']));
    await jobs.close();
  });
});

describe('messages', () => {
  it('never carry a child’s name', async () => {
    const messages = (await db().select({ message: alerts.message }).from(alerts)).map((row) => row.message);
    expect(messages.length).toBeGreaterThan(5);
    expect(childNames.size).toBeGreaterThan(5);
    for (const message of messages) for (const name of childNames) expect(message).not.toContain(name);
  });
});

describe('raising many at once', () => {
  it('raises more alerts in one call than one statement could carry (65,535 parameters), each once', async () => {
    const b = remember(await bus());
    const count = 11_000; // 66,000 parameters at 6 a row
    const inputs = Array.from({ length: count }, (_, index) => ({
      kind: 'LATE' as const,
      cause: `TEST:many:${index}:${randomUUID()}`,
      tripId: b.pickup,
      message: 'many',
      raisedAt: time.clock(),
    }));
    // Rolled back, so the other tests' lists do not hold them.
    const rollback = new Error('rollback');
    await expect(
      db().transaction(async (tx) => {
        const raised = await raiseAlerts(tx, inputs);
        expect(raised).toHaveLength(count);
        expect(new Set(raised.map((row) => row.cause)).size).toBe(count);
        expect(await raiseAlerts(tx, inputs.slice(0, 1_500))).toEqual([]);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
  });
});
