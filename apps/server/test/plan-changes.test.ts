import fs from 'node:fs';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  OfficePlanChangesAnswer,
  PlanChange,
  PlanChangeRemindAnswer,
  PlanProposal,
  Student,
} from '@school-transport/shared';
import { familyPayload, recordsThrough, uniqueTag } from '@school-transport/testing';
import { migrationsFolder } from '../src/db/client.js';
import {
  announcedPlans,
  assignmentStudents,
  auditLog,
  notificationOutbox,
  planChangeNotices,
  students,
} from '../src/db/schema/index.js';
import { createSession } from '../src/modules/platform/auth/sessions.js';
import { announcePlanChanges } from '../src/modules/records/plan-changes/plan-change-service.js';
import { tokenFor } from './support/accounts.js';
import { plannedThrough } from './support/planner-jobs.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

/**
 * Changes to a child's standing plan (issue 35 item 5, decision 068): the writers of seats, stops and schedules
 * announce through one function; guardians see and acknowledge; the office lists the open ones and reminds, once a
 * day. The operator's clock: Saturday 5 September 2026, 10:00 in London, so the first school day is Monday the 7th.
 */
const SATURDAY = '2026-09-05';
const MONDAY = '2026-09-07';
const time = manualClock(new Date(`${SATURDAY}T09:00:00Z`));
const LIFETIMES = { idleMs: 86_400_000 * 30, absoluteMs: 86_400_000 * 30 };
let t: TestApp;
let admin: Api;
let driver: Api;
/** Family A: two children on the route; family B: one. */
let a: { api: Api; userId: string; kids: Student[] };
let b: { api: Api; userId: string; kids: Student[] };
let routeId: string;
let oak: { id: string; name: string };
let elm: { id: string; name: string };

const db = () => t.app.database.db;

async function family(children: number) {
  const made = await recordsThrough(admin).family(familyPayload(uniqueTag(), children));
  const session = await createSession(db(), made.user.id, { ip: '127.0.0.1' }, time.clock(), LIFETIMES);
  return { api: apiAs(t.app, session.token), userId: made.user.id, kids: made.students };
}

async function ok(answer: Promise<{ status: number; body: { data?: unknown } }>, status = 200) {
  const done = await answer;
  expect(done.status, JSON.stringify(done.body)).toBe(status);
  return done.body.data;
}

const schedule = (oakMinutes: number, start = '07:30') =>
  ok(
    admin('PUT', `/api/routes/${routeId}/runs/PICKUP`, {
      startTime: start,
      stops: [
        { stopId: oak.id, minutesAfterStart: oakMinutes },
        { stopId: elm.id, minutesAfterStart: 12 },
      ],
    }),
  );
const tie = (studentId: string, stopId: string) =>
  ok(admin('PUT', `/api/students/${studentId}/stops/PICKUP`, { stopId }));

/** Every notice, oldest first. */
const notices = () =>
  db().select().from(planChangeNotices).orderBy(asc(planChangeNotices.createdAt), asc(planChangeNotices.id));
const noticeCount = async () => (await notices()).length;
/** The notices written since `before` (their ids), by child: one clock instant holds many, so ids tell them apart. */
const noticeIds = async () => new Set((await notices()).map((notice) => notice.id));
const since = async (before: Set<string>) =>
  (await notices())
    .filter((notice) => !before.has(notice.id))
    .sort((x, y) => x.studentId.localeCompare(y.studentId));
const outboxOf = (userId: string) =>
  db()
    .select({
      title: notificationOutbox.title,
      body: notificationOutbox.body,
      key: notificationOutbox.dedupKey,
    })
    .from(notificationOutbox)
    .where(and(eq(notificationOutbox.userId, userId), eq(notificationOutbox.kind, 'PLAN_CHANGE')))
    .orderBy(asc(notificationOutbox.createdAt), asc(notificationOutbox.dedupKey));
const officeList = async (query = '') =>
  (await ok(admin('GET', `/api/plan-changes${query}`))) as OfficePlanChangesAnswer;

beforeAll(async () => {
  t = await createTestApp({ clock: time.clock, env: { LOG_LEVEL: 'silent', TIME_ZONE: 'Europe/London' } });
  admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
  driver = apiAs(t.app, await tokenFor(t.app, 'driver'));
  a = await family(2);
  b = await family(1);
  const make = recordsThrough(admin);
  const [drv, vehicle, route] = await Promise.all([
    make.driver(),
    make.vehicle({ capacity: 20 }),
    make.busRoute(),
  ]);
  routeId = route.id;
  oak = (await ok(
    admin('POST', '/api/stops/create', { name: `Oak Street ${uniqueTag()}`, lat: 51.5, lng: -0.12 }),
    201,
  )) as typeof oak;
  elm = (await ok(
    admin('POST', '/api/stops/create', { name: `Elm Road ${uniqueTag()}`, lat: 51.51, lng: -0.11 }),
    201,
  )) as typeof elm;
  await make.assignment(
    { driverId: drv.id, vehicleId: vehicle.id, routeId },
    [...a.kids, ...b.kids].map((kid) => kid.id),
  );
  await schedule(8);
  return () => t.close();
});

describe('announcing', () => {
  it('tells a first plan once, in the guardian’s words, and the same plan again tells nothing', async () => {
    const before = await noticeIds();
    await tie(a.kids[0]!.id, oak.id);
    await tie(a.kids[1]!.id, elm.id);
    await tie(b.kids[0]!.id, oak.id);
    const made = await since(before);
    const expected = [
      [a.kids[0]!.id, 'PICKUP', oak.name, '07:38', true],
      [a.kids[1]!.id, 'PICKUP', elm.name, '07:42', true],
      [b.kids[0]!.id, 'PICKUP', oak.name, '07:38', true],
    ].sort((x, y) => String(x[0]).localeCompare(String(y[0])));
    expect(
      made.map((notice) => [
        notice.studentId,
        notice.run,
        notice.newStopName,
        notice.newTime,
        notice.firstPlan,
      ]),
    ).toEqual(expected);
    expect(made.every((notice) => notice.effectiveFrom === MONDAY)).toBe(true);
    const told = await outboxOf(a.userId);
    expect(told).toHaveLength(2);
    expect(told.map((row) => row.body)).toContain(`From Monday 7 September: stop ${oak.name} at 07:38.`);

    // The same ties and the same schedule again: nothing moved, nothing told.
    await tie(a.kids[0]!.id, oak.id);
    await schedule(8);
    expect(await noticeCount()).toBe(before.size + 3);
    expect(await outboxOf(a.userId)).toHaveLength(2);
  });

  it('a schedule time edit announces exactly the children at the stop whose time moved', async () => {
    const before = await noticeIds();
    await schedule(10);
    const made = await since(before);
    expect(made.map((notice) => notice.studentId).sort()).toEqual([a.kids[0]!.id, b.kids[0]!.id].sort());
    expect(made.every((notice) => notice.oldTime === '07:38' && notice.newTime === '07:40')).toBe(true);
    // The older open notice of the same child and run is replaced: only the newest waits.
    const open = await db()
      .select({ id: planChangeNotices.id })
      .from(planChangeNotices)
      .where(and(eq(planChangeNotices.studentId, a.kids[0]!.id), sql`superseded_at is null`));
    expect(open).toHaveLength(1);
  });

  it('announces nothing when the seats are written again unchanged', async () => {
    const before = await noticeCount();
    const [seat] = await db()
      .select({ assignmentId: assignmentStudents.assignmentId })
      .from(assignmentStudents)
      .where(eq(assignmentStudents.studentId, b.kids[0]!.id));
    await ok(
      admin('POST', '/api/route-assignments/assign-students', {
        id: seat!.assignmentId,
        studentIds: [...a.kids, ...b.kids].map((kid) => kid.id),
      }),
    );
    expect(await noticeCount()).toBe(before);
  });
});

describe('acknowledging', () => {
  it('a guardian sees and acknowledges their child’s change; another family cannot (404), the office cannot (403)', async () => {
    const mine = (await ok(a.api('GET', '/api/parent/plan-changes'))) as PlanChange[];
    expect(mine.map((change) => change.studentId).sort()).toEqual([a.kids[0]!.id, a.kids[1]!.id].sort());
    const oakChange = mine.find((change) => change.studentId === a.kids[0]!.id)!;
    expect(oakChange).toMatchObject({
      run: 'PICKUP',
      before: { stopName: oak.name, time: '07:38' },
      after: { stopName: oak.name, time: '07:40' },
      effectiveFrom: MONDAY,
      acknowledgedAt: null,
    });
    const theirs = (await ok(b.api('GET', '/api/parent/plan-changes'))) as PlanChange[];
    expect(theirs.map((change) => change.studentId)).toEqual([b.kids[0]!.id]);

    expect((await b.api('POST', `/api/parent/plan-changes/${oakChange.id}/acknowledge`)).status).toBe(404);
    expect((await admin('POST', `/api/parent/plan-changes/${oakChange.id}/acknowledge`)).status).toBe(403);
    expect((await driver('GET', '/api/parent/plan-changes')).status).toBe(403);

    const acknowledged = (await ok(
      a.api('POST', `/api/parent/plan-changes/${oakChange.id}/acknowledge`),
    )) as PlanChange;
    expect(acknowledged.acknowledgedAt).toBe(time.clock().toISOString());
    expect(acknowledged.acknowledgedByName).toEqual(expect.any(String));
    // Again: answered as it is, no second entry.
    await ok(a.api('POST', `/api/parent/plan-changes/${oakChange.id}/acknowledge`));
    const audit = await db()
      .select({ action: auditLog.action, details: auditLog.details, actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.action, 'plan_change.acknowledged'));
    expect(audit).toEqual([
      { action: 'plan_change.acknowledged', details: { planChangeId: oakChange.id }, actorId: a.userId },
    ]);
    const open = await officeList();
    expect(open.changes.map((change) => change.id)).not.toContain(oakChange.id);
  });
});

describe('the office', () => {
  it('lists the open changes with the guardians, filters by route, and reminds at most once a day', async () => {
    const list = await officeList();
    const bChange = list.changes.find((change) => change.studentId === b.kids[0]!.id)!;
    expect(bChange.guardians).toHaveLength(1);
    expect(bChange.guardians[0]!.email).toEqual(expect.stringContaining('@'));
    expect(list.changes.map((change) => change.studentId)).toContain(a.kids[1]!.id);
    expect((await officeList(`?routeId=${routeId}`)).changes).toHaveLength(list.changes.length);
    const otherRoute = (await recordsThrough(admin).busRoute()).id;
    expect((await officeList(`?routeId=${otherRoute}`)).changes).toEqual([]);
    expect((await admin('GET', '/api/plan-changes?routeId=nope')).status).toBe(400);
    expect((await driver('GET', '/api/plan-changes')).status).toBe(403);
    expect((await b.api('POST', '/api/plan-changes/remind', { ids: [bChange.id] })).status).toBe(403);

    const toldBefore = (await outboxOf(b.userId)).length;
    const first = (await ok(
      admin('POST', '/api/plan-changes/remind', { ids: [bChange.id] }),
    )) as PlanChangeRemindAnswer;
    expect(first).toEqual({ reminded: 1, skipped: 0 });
    const told = await outboxOf(b.userId);
    expect(told).toHaveLength(toldBefore + 1);
    expect(told.at(-1)!.title).toMatch(/^Please confirm the new plan/);
    // Twice the same day: nobody reminded again.
    expect(await ok(admin('POST', '/api/plan-changes/remind', { ids: [bChange.id] }))).toEqual({
      reminded: 0,
      skipped: 1,
    });
    expect(await outboxOf(b.userId)).toHaveLength(toldBefore + 1);
    // The next day: again, once.
    time.advance(24 * 3600 * 1000);
    // The office's session idles out over a day: a new sign-in.
    admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
    expect(await ok(admin('POST', '/api/plan-changes/remind', { ids: [bChange.id] }))).toEqual({
      reminded: 1,
      skipped: 0,
    });
    expect(await outboxOf(b.userId)).toHaveLength(toldBefore + 2);
    expect((await officeList()).changes.find((change) => change.id === bChange.id)!.lastRemindedAt).toBe(
      time.clock().toISOString(),
    );
  });
});

describe('accepting a plan', () => {
  it('announces exactly the children it moved, once each, and nobody it left alone', async () => {
    const school = (await ok(
      admin('POST', '/api/schools/create', {
        name: `Hillside ${uniqueTag()}`,
        lat: 12.97,
        lng: 77.61,
        bellTime: '08:30',
        dismissalTime: '15:10',
      }),
      201,
    )) as { id: string };
    const payload = familyPayload(uniqueTag(), 3);
    const planned = (
      (await ok(
        admin('POST', '/api/parents/create', {
          ...payload,
          children: payload.children.map((child, index) => ({
            ...child,
            pickupAndDropLat: 12.93 + index * 0.0027,
            pickupAndDropLng: 77.58,
          })),
        }),
        201,
      )) as { students: Student[] }
    ).students;
    const make = recordsThrough(admin);
    const [drv, vehicle, route] = await Promise.all([
      make.driver(),
      make.vehicle({ capacity: 12 }),
      make.busRoute(),
    ]);
    await make.assignment({ driverId: drv.id, vehicleId: vehicle.id, routeId: route.id }, []);
    const proposal: PlanProposal = await plannedThrough(admin, {
      schoolId: school.id,
      studentIds: planned.map((child) => child.id),
      vehicleIds: [vehicle.id],
      seconds: 60,
      seed: 3,
      iterations: 30,
    });
    expect(proposal.status, proposal.error ?? '').toBe('DONE');
    const before = await noticeIds();
    await ok(admin('POST', `/api/planner/proposals/${proposal.id}/accept`));
    const made = await since(before);
    const ids = planned.map((child) => child.id);
    // Each planned child once per run the plan gives them a stop on; family A's and B's children untouched.
    expect(new Set(made.map((notice) => notice.studentId))).toEqual(new Set(ids));
    const keys = made.map((notice) => `${notice.studentId}:${notice.run}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(
      made.every((notice) => notice.schoolId === school.id && notice.effectiveFrom === '2026-09-07'),
    ).toBe(true);
    // The announced plans are the plans now: announcing them again finds nothing.
    const again = await db().transaction((tx) =>
      announcePlanChanges({ clock: time.clock, timeZone: 'Europe/London' }, tx, ids),
    );
    expect(again).toBe(0);
  });
});

describe('the migration', () => {
  it('seeds every seated child’s plan as announced, so deploying announces nothing', async () => {
    const migration = fs.readFileSync(`${migrationsFolder}/0041_plan-changes.sql`, 'utf8');
    const seed = migration
      .split('--> statement-breakpoint')
      .find((statement) => statement.includes('INSERT INTO "announced_plans"'))!;
    expect(seed).toBeDefined();
    const everyone = (await db().select({ id: students.id }).from(students)).map((row) => row.id);
    const announcedBefore = await db()
      .select()
      .from(announcedPlans)
      .orderBy(asc(announcedPlans.studentId), asc(announcedPlans.run));
    const before = await noticeCount();
    await db().execute(sql`delete from announced_plans`);
    await db().execute(sql.raw(seed));
    const written = await db().transaction((tx) =>
      announcePlanChanges({ clock: time.clock, timeZone: 'Europe/London' }, tx, everyone),
    );
    expect(written).toBe(0);
    expect(await noticeCount()).toBe(before);
    const seeded = await db()
      .select({
        studentId: announcedPlans.studentId,
        run: announcedPlans.run,
        stopId: announcedPlans.stopId,
        time: announcedPlans.time,
      })
      .from(announcedPlans)
      .where(inArray(announcedPlans.studentId, everyone))
      .orderBy(asc(announcedPlans.studentId), asc(announcedPlans.run));
    expect(seeded).toEqual(
      announcedBefore.map(({ studentId, run, stopId, time: at }) => ({ studentId, run, stopId, time: at })),
    );
  });
});
