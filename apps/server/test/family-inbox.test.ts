import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  Colleague,
  FamilyThread,
  FamilyThreadSummary,
  Manifest,
  ParentThread,
} from '@school-transport/shared';
import { auditLog, notificationOutbox } from '../src/db/schema/index.js';
import { tokenFor } from './support/accounts.js';
import { familyOnBus, type FamilyOnBus } from './support/parent-families.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

/**
 * The family inbox (issue 35 item 4, decision 067): a guardian writes to the office about one of their children on
 * a date, the office reads, replies (the guardian is pushed), assigns, closes and reopens, and may put a note on
 * the manifests of that child's date, which only the driver of a trip of that date carrying the child reads. The
 * operator's clock: 06:10 in London on Monday 2026-03-02.
 */
const MONDAY = '2026-03-02';
const TUESDAY = '2026-03-03';
const time = manualClock(new Date(`${MONDAY}T06:10:00Z`));
let t: TestApp;
let admin: Api;
let colleague: Api;
let colleagueId: string;
let adminId: string;
/** The family that writes, two children on one bus. */
let writer: FamilyOnBus;
/** Another family on another bus, who must see nothing of the writer's. */
let other: FamilyOnBus;

beforeAll(async () => {
  t = await createTestApp({ clock: time.clock, env: { LOG_LEVEL: 'silent', TIME_ZONE: 'Europe/London' } });
  admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
  colleague = apiAs(t.app, await tokenFor(t.app, 'admin'));
  adminId = (await admin('GET', '/api/profile')).body.data.id as string;
  colleagueId = (await colleague('GET', '/api/profile')).body.data.id as string;
  writer = await familyOnBus(t.app, admin, time.clock, { date: MONDAY, children: 2 });
  other = await familyOnBus(t.app, admin, time.clock, { date: MONDAY });
  expect((await admin('POST', '/api/trips/generate', { date: TUESDAY })).status).toBe(200);
  return () => t.close();
});

const kid = (n = 0) => writer.kids[n]!.id;

async function started(family: FamilyOnBus, body: object): Promise<ParentThread> {
  const answer = await family.parentApi('POST', '/api/parent/threads', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data as ParentThread;
}
async function inbox(filter: string, api = admin): Promise<FamilyThreadSummary[]> {
  const answer = await api('GET', `/api/family-inbox?filter=${filter}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as FamilyThreadSummary[];
}
const unread = async () => (await admin('GET', '/api/family-inbox/unread')).body.data.unread as number;
async function officeOk(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: object,
): Promise<FamilyThread> {
  const answer = await admin(method, url, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as FamilyThread;
}
/** The office's replies about the first child waiting in the outbox (only the first test replies). */
const replies = () =>
  t.app.database.db
    .select({
      userId: notificationOutbox.userId,
      title: notificationOutbox.title,
      body: notificationOutbox.body,
    })
    .from(notificationOutbox)
    .where(and(eq(notificationOutbox.kind, 'OFFICE_REPLY'), eq(notificationOutbox.studentId, kid())));

describe('a guardian’s thread', () => {
  it('is sent about their child and a date, counted unread, read, replied to with a push, assigned and closed; all audited', async () => {
    const before = await unread();
    const thread = await started(writer, {
      studentId: kid(),
      date: MONDAY,
      body: 'Grandma collects on Friday',
    });
    expect(thread).toMatchObject({
      studentId: kid(),
      studentName: writer.kids[0]!.name,
      date: MONDAY,
      state: 'OPEN',
      unread: 0,
      messages: [{ side: 'GUARDIAN', body: 'Grandma collects on Friday' }],
    });
    // What a guardian gets holds nothing of the office's inside: no assignee, no manifest note, no guardian e-mail.
    expect(Object.keys(thread).sort()).toEqual(
      ['date', 'id', 'lastMessageAt', 'messages', 'state', 'studentId', 'studentName', 'unread'].sort(),
    );

    // The office: one more unread thread, listed open with the guardian's name and the message's opening words.
    expect(await unread()).toBe(before + 1);
    const listed = (await inbox('open')).find((row) => row.id === thread.id);
    expect(listed).toMatchObject({
      unread: 1,
      preview: 'Grandma collects on Friday',
      guardianEmail: writer.parentEmail,
      assignee: null,
    });
    expect((await inbox('closed')).map((row) => row.id)).not.toContain(thread.id);

    // The clock moves between the steps, as it does between people reading and writing.
    time.advance(60_000);
    // A second message from the guardian is still one unread thread, with two unread messages.
    const more = await writer.parentApi('POST', `/api/parent/threads/${thread.id}/messages`, {
      body: 'And Ali lost his card',
    });
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    expect(await unread()).toBe(before + 1);
    expect((await officeOk('GET', `/api/family-inbox/${thread.id}`)).unread).toBe(2);

    // Opened: read for the whole office.
    time.advance(60_000);
    expect((await admin('POST', `/api/family-inbox/${thread.id}/read`)).status).toBe(200);
    expect(await unread()).toBe(before);
    expect((await officeOk('GET', `/api/family-inbox/${thread.id}`)).unread).toBe(0);

    time.advance(60_000);
    // The reply: the guardian sees it as the office's, unread, and is pushed once.
    const replied = await officeOk('POST', `/api/family-inbox/${thread.id}/messages`, {
      body: 'Thank you, we will tell the driver.',
    });
    expect(replied.messages.at(-1)).toMatchObject({ side: 'OFFICE', author: 'Test admin' });
    const seen = (await writer.parentApi('GET', `/api/parent/threads/${thread.id}`)).body
      .data as ParentThread;
    expect(seen.unread).toBe(1);
    expect(seen.messages.at(-1)).toMatchObject({
      side: 'OFFICE',
      author: 'the office',
      body: 'Thank you, we will tell the driver.',
    });
    const pushed = await replies();
    expect(pushed).toEqual([
      {
        userId: writer.parentUserId,
        title: `The office replied about ${writer.kids[0]!.name}`,
        body: 'Thank you, we will tell the driver.',
      },
    ]);
    expect((await writer.parentApi('POST', `/api/parent/threads/${thread.id}/read`)).status).toBe(200);
    expect(
      ((await writer.parentApi('GET', '/api/parent/threads')).body.data as ParentThread[]).find(
        (row) => row.id === thread.id,
      )?.unread,
    ).toBe(0);

    // Assigned to a colleague: in their "mine", not in the assigner's; a driver or parent is no colleague.
    const colleagues = (await admin('GET', '/api/family-inbox/colleagues')).body.data as Colleague[];
    expect(colleagues.map((row) => row.id)).toEqual(expect.arrayContaining([adminId, colleagueId]));
    expect(colleagues.map((row) => row.id)).not.toContain(writer.parentUserId);
    const assigned = await officeOk('PUT', `/api/family-inbox/${thread.id}/assignee`, {
      userId: colleagueId,
    });
    expect(assigned.assignee).toEqual({ id: colleagueId, name: 'Test admin' });
    expect((await inbox('mine', colleague)).map((row) => row.id)).toContain(thread.id);
    expect((await inbox('mine')).map((row) => row.id)).not.toContain(thread.id);
    const notStaff = await admin('PUT', `/api/family-inbox/${thread.id}/assignee`, {
      userId: writer.parentUserId,
    });
    expect(notStaff.status).toBe(409);
    // The guardian still reads nothing of it.
    const after = (await writer.parentApi('GET', `/api/parent/threads/${thread.id}`)).body.data as object;
    expect(after).not.toHaveProperty('assignee');
    expect(JSON.stringify(after)).not.toContain(colleagueId);

    // Closed: out of open and mine, a reply refused in words; reopened and closed again; the guardian writing to a
    // closed thread opens it again.
    await officeOk('POST', `/api/family-inbox/${thread.id}/close`);
    expect((await inbox('closed')).map((row) => row.id)).toContain(thread.id);
    expect((await inbox('mine', colleague)).map((row) => row.id)).not.toContain(thread.id);
    const closedReply = await admin('POST', `/api/family-inbox/${thread.id}/messages`, { body: 'Late word' });
    expect(closedReply.status).toBe(409);
    expect(closedReply.body.message).toBe('This conversation is closed: reopen it to reply.');
    expect((await admin('POST', `/api/family-inbox/${thread.id}/close`)).status).toBe(409);
    await officeOk('POST', `/api/family-inbox/${thread.id}/reopen`);
    await officeOk('POST', `/api/family-inbox/${thread.id}/close`);
    const back = await writer.parentApi('POST', `/api/parent/threads/${thread.id}/messages`, {
      body: 'One more',
    });
    expect(back.body.data.state).toBe('OPEN');

    const audited = await t.app.database.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.entityId, thread.id))
      .orderBy(asc(auditLog.id));
    expect(audited.map((row) => row.action)).toEqual([
      'family_thread.started',
      'family_thread.guardian_wrote',
      'family_thread.replied',
      'family_thread.assigned',
      'family_thread.closed',
      'family_thread.reopened',
      'family_thread.closed',
      'family_thread.guardian_wrote',
    ]);
    // No message is in the audit log.
    expect(JSON.stringify(audited)).not.toMatch(/Grandma|Thank you|One more/);
  });

  it('is refused for another family’s child, and another guardian reads nothing of it', async () => {
    const refused = await other.parentApi('POST', '/api/parent/threads', {
      studentId: kid(),
      date: MONDAY,
      body: 'Not my child',
    });
    expect(refused.status).toBe(404);

    const mine = await started(writer, { studentId: kid(1), date: MONDAY, body: 'Card lost' });
    expect((await other.parentApi('GET', `/api/parent/threads/${mine.id}`)).status).toBe(404);
    expect(
      (await other.parentApi('POST', `/api/parent/threads/${mine.id}/messages`, { body: 'x' })).status,
    ).toBe(404);
    expect((await other.parentApi('POST', `/api/parent/threads/${mine.id}/read`)).status).toBe(404);
    const theirs = (await other.parentApi('GET', '/api/parent/threads')).body.data as ParentThread[];
    expect(theirs.map((row) => row.id)).not.toContain(mine.id);

    // The shared schema checks the form and the server alike.
    const blank = await writer.parentApi('POST', '/api/parent/threads', {
      studentId: kid(),
      date: MONDAY,
      body: ' ',
    });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.body.errors)).toContain('Message is required');

    // Drivers never reach threads.
    expect((await writer.driverApi('GET', '/api/family-inbox')).status).toBe(403);
    expect((await writer.driverApi('GET', `/api/family-inbox/${mine.id}`)).status).toBe(403);
    expect((await writer.driverApi('GET', '/api/parent/threads')).status).toBe(403);
  });
});

describe('a manifest note', () => {
  const driverManifest = async (api: Api, tripId: string) => {
    const answer = await api('GET', `/api/driver/trips/${tripId}`);
    return { status: answer.status, manifest: answer.body.data as Manifest };
  };
  const officeManifest = async (tripId: string) =>
    (await admin('GET', `/api/trips/${tripId}/manifest`)).body.data as Manifest;
  const noteOf = (manifest: Manifest, studentId: string) =>
    manifest.riders.find((rider) => rider.studentId === studentId)?.officeNote;

  it('shows beside the child on the trips of the thread’s date only, to the driver holding that trip', async () => {
    const today = await started(writer, { studentId: kid(), date: MONDAY, body: 'Grandma collects today' });
    const tomorrow = await started(writer, { studentId: kid(1), date: TUESDAY, body: 'Dentist tomorrow' });
    const made = await officeOk('PUT', `/api/family-inbox/${today.id}/manifest-note`, {
      note: 'Grandma (Rosa) collects',
    });
    expect(made.manifestNote).toBe('Grandma (Rosa) collects');
    await officeOk('PUT', `/api/family-inbox/${tomorrow.id}/manifest-note`, {
      note: 'Off at the dentist stop',
    });

    // Monday: the writer's driver reads the note beside the first child on both runs, none beside the second.
    for (const tripId of [writer.pickup, writer.drop]) {
      const { status, manifest } = await driverManifest(writer.driverApi, tripId);
      expect(status).toBe(200);
      expect(noteOf(manifest, kid())).toBe('Grandma (Rosa) collects');
      expect(noteOf(manifest, kid(1))).toBeNull();
    }
    // Tuesday's trips carry the second child's note and not Monday's.
    const tuesday = await officeManifest(await writer.tripOf('DROP', TUESDAY));
    expect(noteOf(tuesday, kid(1))).toBe('Off at the dentist stop');
    expect(noteOf(tuesday, kid())).toBeNull();
    // Another driver reads neither: not on their manifest, and the writer's trip is not theirs.
    const { manifest: theirs } = await driverManifest(other.driverApi, other.drop);
    expect(theirs.riders.every((rider) => rider.officeNote === null)).toBe(true);
    expect((await driverManifest(other.driverApi, writer.drop)).status).toBe(404);
    // The guardian reads nothing of the note either.
    const seen = (await writer.parentApi('GET', `/api/parent/threads/${today.id}`)).body.data as object;
    expect(JSON.stringify(seen)).not.toContain('Rosa');

    // Replaced, then removed: gone from the manifest; removing twice is refused in words.
    await officeOk('PUT', `/api/family-inbox/${today.id}/manifest-note`, { note: 'Grandma collects' });
    expect(noteOf((await driverManifest(writer.driverApi, writer.drop)).manifest, kid())).toBe(
      'Grandma collects',
    );
    await officeOk('DELETE', `/api/family-inbox/${today.id}/manifest-note`);
    expect(noteOf((await driverManifest(writer.driverApi, writer.drop)).manifest, kid())).toBeNull();
    expect((await admin('DELETE', `/api/family-inbox/${today.id}/manifest-note`)).status).toBe(409);
  });

  it('is refused for a date already past, and checked by the shared schema', async () => {
    const past = await started(writer, {
      studentId: kid(),
      date: '2026-02-27',
      body: 'He lost his card on Friday',
    });
    const refused = await admin('PUT', `/api/family-inbox/${past.id}/manifest-note`, { note: 'Card lost' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('That date has passed: no driver would read the note.');
    const long = await admin('PUT', `/api/family-inbox/${past.id}/manifest-note`, { note: 'x'.repeat(201) });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body.errors)).toContain('Note must be at most 200 characters');
  });
});
