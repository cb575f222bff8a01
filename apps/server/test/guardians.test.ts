import { readFile } from 'node:fs/promises';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Guardian, GuardianRequest } from '@school-transport/shared';
import {
  familyPayload,
  linkTokenIn,
  startMailSink,
  uniqueTag,
  type MailSink,
} from '@school-transport/testing';
import {
  auditLog,
  notificationOutbox,
  parents,
  studentGuardians,
  students,
  users,
} from '../src/db/schema/index.js';
import { createSession } from '../src/modules/platform/auth/sessions.js';
import { tokenFor } from './support/accounts.js';
import { familyOnBus, type FamilyOnBus } from './support/parent-families.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

/**
 * Several guardians per child (issue 35 item 1, decision 064): the link is the rule of who sees a child and who is
 * told about them; the office links and unlinks (a child keeps one); a guardian asks for another, the office
 * approves (record, link, invitation) or declines; existing parents became guardians of their children (0042).
 */
const TODAY = '2026-03-02';
const time = manualClock(new Date(`${TODAY}T07:20:00Z`));
const LIFETIMES = { idleMs: 86_400_000, absoluteMs: 86_400_000 };

let t: TestApp;
let sink: MailSink;
let admin: Api;
const db = () => t.app.database.db;

beforeAll(async () => {
  sink = await startMailSink();
  t = await createTestApp({
    clock: time.clock,
    env: { SMTP_URL: sink.url, PUBLIC_URL: 'https://school.example', TIME_ZONE: 'UTC' },
  });
  admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
});
afterAll(() => Promise.all([t.close(), sink.close()]));

const childIds = async (parent: Api) => {
  const answer = await parent('GET', '/api/parent/children');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data as { id: string }[]).map((child) => child.id).sort();
};
const guardiansOf = async (studentId: string) => {
  const answer = await admin('GET', `/api/students/${studentId}/guardians`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as Guardian[];
};
const link = (studentId: string, parentId: string, relation = 'PARENT') =>
  admin('POST', `/api/students/${studentId}/guardians`, { parentId, relation });
const unlink = (studentId: string, parentId: string) =>
  admin('DELETE', `/api/students/${studentId}/guardians/${parentId}`);

describe('two guardians of one child, in two households', () => {
  let first: FamilyOnBus;
  let second: FamilyOnBus;
  beforeAll(async () => {
    first = await familyOnBus(t.app, admin, time.clock, { date: TODAY });
    second = await familyOnBus(t.app, admin, time.clock, { date: TODAY });
  });

  it('each sees the linked child; the second guardian’s own child stays theirs alone', async () => {
    const child = first.kids[0]!.id;
    const theirOwn = second.kids[0]!.id;
    expect(await childIds(second.parentApi)).toEqual([theirOwn]);
    const linked = await link(child, second.family.id, 'STEP_PARENT');
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(await childIds(first.parentApi)).toEqual([child]);
    expect(await childIds(second.parentApi)).toEqual([child, theirOwn].sort());
    // The first guardian never reaches the second's own child, who is not linked to them.
    expect((await first.parentApi('GET', `/api/parent/children/${theirOwn}/history`)).status).toBe(404);
    expect((await second.parentApi('GET', `/api/parent/children/${child}/history`)).status).toBe(200);
    const listed = await guardiansOf(child);
    expect(listed.map((g) => [g.parentId, g.primary, g.relation])).toEqual([
      [first.family.id, true, 'PARENT'],
      [second.family.id, false, 'STEP_PARENT'],
    ]);
    expect((await link(child, second.family.id)).status).toBe(409);
    const entries = await db().select().from(auditLog).where(eq(auditLog.entityId, child));
    expect(entries.map((entry) => entry.action)).toContain('student.guardian_linked');
  });

  it('each keeps their own notification choices', async () => {
    const path = '/api/parent/notification-preferences';
    const mine = (await first.parentApi('GET', path)).body.data as Record<string, unknown>;
    const changed = await second.parentApi('PUT', path, { ...mine, boarded: false, lateMinutes: 15 });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await first.parentApi('GET', path)).body.data).toEqual(mine);
    expect((await second.parentApi('GET', path)).body.data).toMatchObject({
      boarded: false,
      lateMinutes: 15,
    });
  });

  it('a boarding of the child is told to every linked guardian, once each', async () => {
    const child = first.kids[0]!.id;
    const path = '/api/parent/notification-preferences';
    const mine = (await second.parentApi('GET', path)).body.data as Record<string, unknown>;
    await second.parentApi('PUT', path, { ...mine, boarded: true });
    expect((await first.driverApi('POST', `/api/driver/trips/${first.pickup}/start`)).status).toBe(200);
    await first.ride(first.pickup, child, 'BOARD');
    await first.ride(first.pickup, child, 'BOARD');
    const told = await db()
      .select({ userId: notificationOutbox.userId })
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.studentId, child), eq(notificationOutbox.kind, 'BOARDED')));
    expect(told.map((row) => row.userId).sort()).toEqual([first.parentUserId, second.parentUserId].sort());
  });

  it('unlinking ends that guardian’s access; the last guardian cannot go (409, in words)', async () => {
    const child = first.kids[0]!.id;
    const unlinked = await unlink(child, second.family.id);
    expect(unlinked.status, JSON.stringify(unlinked.body)).toBe(200);
    expect(await childIds(second.parentApi)).toEqual([second.kids[0]!.id]);
    expect((await second.parentApi('GET', `/api/parent/children/${child}/history`)).status).toBe(404);
    const last = await unlink(child, first.family.id);
    expect(last.status).toBe(409);
    expect(last.body.message).toMatch(/at least one guardian/);
    expect((await unlink(child, second.family.id)).status).toBe(404);
  });

  it('unlinking the primary guardian makes the other one primary; deleting a guardian keeps a shared child', async () => {
    const extra = await familyOnBus(t.app, admin, time.clock, { date: TODAY });
    const child = extra.kids[0]!.id;
    expect((await link(child, first.family.id, 'GRANDPARENT')).status).toBe(200);
    expect((await unlink(child, extra.family.id)).status).toBe(200);
    expect((await guardiansOf(child)).map((g) => [g.parentId, g.primary])).toEqual([[first.family.id, true]]);
    const shown = await admin('GET', `/api/students/get-one/${child}`);
    expect(shown.body.data.parent.id).toBe(first.family.id);
    // Linked back, then the primary deleted: the child stays with the other guardian.
    expect((await link(child, extra.family.id)).status).toBe(200);
    expect((await admin('DELETE', `/api/parents/delete/${first.family.id}`)).status).toBe(200);
    expect((await guardiansOf(child)).map((g) => [g.parentId, g.primary])).toEqual([[extra.family.id, true]]);
    expect(await childIds(extra.parentApi)).toEqual([child]);
  });
});

describe('a guardian asks for a second guardian; the office decides', () => {
  it('invite → approve: a parent record, the link and the app invitation; the new guardian sees the child only', async () => {
    const family = await familyOnBus(t.app, admin, time.clock, { date: TODAY, children: 2 });
    const other = await familyOnBus(t.app, admin, time.clock, { date: TODAY });
    const child = family.kids[0]!.id;
    const email = `grandma-${uniqueTag()}@example.com`.toLowerCase();
    const asked = {
      studentId: child,
      name: 'Rosa Grand',
      email,
      phone: '5550001111',
      relation: 'GRANDPARENT',
    };
    // Only for one's own child: another family's child is as unknown as none.
    expect((await other.parentApi('POST', '/api/parent/guardian-requests', asked)).status).toBe(404);
    const made = await family.parentApi('POST', '/api/parent/guardian-requests', asked);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const request = made.body.data as GuardianRequest;
    expect(request).toMatchObject({ state: 'REQUESTED', name: 'Rosa Grand' });
    expect(
      ((await other.parentApi('GET', '/api/parent/guardian-requests')).body.data as unknown[]).length,
    ).toBe(0);
    const queue = (await admin('GET', '/api/guardian-requests')).body.data as GuardianRequest[];
    expect(queue.map((row) => row.id)).toContain(request.id);

    const record = {
      ...familyPayload(uniqueTag(), 0),
      name: 'Rosa Grand',
      email,
      phone: '5550001111',
    } as Record<string, unknown>;
    delete record.children;
    const approved = await admin('POST', `/api/guardian-requests/${request.id}/approve`, record);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.state).toBe('APPROVED');
    expect((await admin('POST', `/api/guardian-requests/${request.id}/approve`, record)).status).toBe(409);
    expect(linkTokenIn(await sink.lastTo(email))).toBeTruthy();

    const [user] = await db().select().from(users).where(eq(users.email, email));
    const session = await createSession(db(), user!.id, { ip: '127.0.0.1' }, time.clock(), LIFETIMES);
    const grandma = apiAs(t.app, session.token);
    expect(await childIds(grandma)).toEqual([child]);
    expect((await guardiansOf(child)).map((g) => g.relation)).toEqual(['PARENT', 'GRANDPARENT']);
  });

  it('decline: the reason is kept and shown to the asking guardian; nobody is linked', async () => {
    const family = await familyOnBus(t.app, admin, time.clock, { date: TODAY });
    const child = family.kids[0]!.id;
    const made = await family.parentApi('POST', '/api/parent/guardian-requests', {
      studentId: child,
      name: 'Nobody Known',
      email: `nobody-${uniqueTag()}@example.com`,
      phone: '5550002222',
      relation: 'OTHER',
    });
    const id = (made.body.data as GuardianRequest).id;
    expect((await admin('POST', `/api/guardian-requests/${id}/decline`, { reason: '' })).status).toBe(400);
    const declined = await admin('POST', `/api/guardian-requests/${id}/decline`, {
      reason: 'Not known to us',
    });
    expect(declined.status).toBe(200);
    const mine = (await family.parentApi('GET', '/api/parent/guardian-requests')).body
      .data as GuardianRequest[];
    expect(mine.find((row) => row.id === id)).toMatchObject({ state: 'DECLINED', reason: 'Not known to us' });
    expect(await guardiansOf(child)).toHaveLength(1);
  });
});

describe('migration 0042: parents of the previous version become guardians of their children', () => {
  const MIGRATION = new URL('../src/db/migrations/0042_guardians.sql', import.meta.url);

  it('every parent still reaches their children through the portal', async () => {
    // The previous version: no links and no trigger that makes them; families written as it wrote them.
    await db().execute(sql`drop trigger "students_primary_guardian" on "students"`);
    await db().execute(sql`delete from student_guardians`);
    const tag = uniqueTag();
    const families = [];
    for (let family = 0; family < 3; family++) {
      const [user] = await db()
        .insert(users)
        .values({ name: `Old ${tag} ${family}`, email: `old-${family}-${tag}@example.com`, role: 'parent' })
        .returning();
      const [parent] = await db()
        .insert(parents)
        .values({
          userId: user!.id,
          phone: '555',
          alternativePhone: '556',
          address: 'A',
          state: 'S',
          pinCode: '1',
        })
        .returning();
      const kids = await db()
        .insert(students)
        .values(
          Array.from({ length: family + 1 }, (_, k) => ({
            parentId: parent!.id,
            name: `Kid ${k}`,
            class: '3',
            rollNo: `${k}`,
            pickupAndDropLat: 51.5,
            pickupAndDropLng: -0.12,
          })),
        )
        .returning({ id: students.id });
      families.push({ userId: user!.id, kids: kids.map((kid) => kid.id).sort() });
    }

    // What 0042 runs on data that is already there: its statements after the tables (which this copy has).
    const statements = (await readFile(MIGRATION, 'utf8'))
      .split('--> statement-breakpoint')
      .map((statement) => statement.trim())
      .filter((statement) => !/^(CREATE TYPE|CREATE TABLE|ALTER TABLE|CREATE INDEX)/.test(statement));
    for (const statement of statements) await db().execute(sql.raw(statement));

    for (const family of families) {
      const session = await createSession(db(), family.userId, { ip: '127.0.0.1' }, time.clock(), LIFETIMES);
      expect(await childIds(apiAs(t.app, session.token))).toEqual(family.kids);
    }
    const links = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(studentGuardians)
      .where(
        inArray(
          studentGuardians.studentId,
          families.flatMap((family) => family.kids),
        ),
      );
    expect(links[0]!.n).toBe(6);
    // The trigger is back: a child added now is linked to their primary guardian.
    const [added] = await db()
      .insert(students)
      .values({
        parentId: (await db().select().from(parents).where(eq(parents.userId, families[0]!.userId)))[0]!.id,
        name: 'Late Kid',
        class: '1',
        rollNo: '9',
        pickupAndDropLat: 51.5,
        pickupAndDropLng: -0.12,
      })
      .returning({ id: students.id });
    expect(await guardiansOf(added!.id)).toHaveLength(1);
  });
});
