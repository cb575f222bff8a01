import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Audience, FamilyMessage, PushPayload } from '@school-transport/shared';
import { startPushService, type PushService } from '@school-transport/testing';
import { openDatabase, queryRows, type DatabaseHandle } from '../src/db/client.js';
import { generateDataset } from '../src/db/generate/generate-dataset.js';
import {
  familyMessageRecipients,
  familyMessages,
  notificationOutbox,
  planProposals,
  stops,
  studentStops,
  users,
} from '../src/db/schema/index.js';
import { createSession } from '../src/modules/platform/auth/sessions.js';
import { familyMessageJob } from '../src/modules/operations/family-messages/index.js';
import { tokenFor } from './support/accounts.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, TEST_DB, type TestApp } from './support/test-app.js';

/**
 * The office speaks to families (decision 066): templates; messages that reach exactly the chosen audience's
 * guardians, once each, however often and wherever the job runs; a guardian's own list and reading; the office's
 * delivered and read counts. On both engines; the second handle on the database is a second pool on PostgreSQL.
 */
let t: TestApp;
let admin: Api;
let push: PushService;
let other: DatabaseHandle;
const db = () => t.app.database.db;
const LIFETIMES = { idleMs: 86_400_000, absoluteMs: 86_400_000 };

/** A random that gives the same picks on every run: the generated cases are the same on both engines. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}
const random = seeded(35);
const pick = <T>(rows: T[], n: number) => [...rows].sort(() => random() - 0.5).slice(0, n);

beforeAll(async () => {
  push = await startPushService();
  t = await createTestApp({
    env: { LOG_LEVEL: 'silent', TIME_ZONE: 'UTC', PUSH_EXTRA_ORIGINS: push.origin },
  });
  admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
  other = TEST_DB === 'postgres' ? await openDatabase(t.config.database) : t.app.database;
  // 80 children of 40 families on routes with assignments; today's trips made by the product itself.
  await generateDataset(db(), { students: 80, schoolDays: 1 });
  const today = new Date().toISOString().slice(0, 10);
  const generated = await admin('POST', '/api/trips/generate', { date: today });
  expect(generated.status, JSON.stringify(generated.body)).toBe(200);
  // Stops where some children wait, and accepted plans of two schools (the link between a child and a school).
  const children = await queryRows<{ id: string }>(db(), sql`select id from students order by id`);
  const stopRows = await db()
    .insert(stops)
    .values(
      ['Oak Street', 'Mill Lane', 'Station Road'].map((name, i) => ({
        name,
        lat: 51.5 + i / 100,
        lng: -0.1,
      })),
    )
    .returning({ id: stops.id });
  for (const child of pick(children, 60))
    await db()
      .insert(studentStops)
      .values({
        studentId: child.id,
        run: 'PICKUP',
        stopId: stopRows[Math.floor(random() * stopRows.length)]!.id,
      });
  const schoolRows = await queryRows<{ id: string }>(db(), sql`select id from schools order by id limit 2`);
  for (const school of schoolRows)
    for (let plan = 0; plan < 2; plan++) {
      // Two accepted plans that share children: a guardian of both is still told once.
      const studentIds = pick(children, 25).map((child) => child.id);
      await db()
        .insert(planProposals)
        .values({
          schoolId: school.id,
          status: 'DONE',
          request: { schoolId: school.id, studentIds, vehicleIds: [], seconds: 1, seed: 1 },
          createdAt: new Date(),
          heartbeatAt: new Date(),
          acceptedAt: new Date(),
        });
    }
}, 120_000);

afterAll(async () => {
  if (other !== t.app.database) await other.close();
  await t.close();
  await push.close();
});

/** Each audience's guardians as the records say, read apart from the module's own SQL. */
async function expectedGuardians(audience: Audience): Promise<string[]> {
  const children =
    audience.kind === 'everyone'
      ? sql`select id from students`
      : audience.kind === 'route'
        ? sql`select a.student_id from assignment_students a join route_assignments ra on ra.id = a.assignment_id
            where ra.route_id = ${audience.id}`
        : audience.kind === 'run'
          ? sql`select a.student_id from assignment_students a join trips tr on tr.assignment_id = a.assignment_id
              where tr.id = ${audience.id}`
          : audience.kind === 'stop'
            ? sql`select student_id from student_stops where stop_id = ${audience.id}`
            : sql`select (jsonb_array_elements_text(request -> 'studentIds'))::uuid from plan_proposals
                where school_id = ${audience.id} and accepted_at is not null`;
  const rows = await queryRows<{ id: string }>(
    db(),
    sql`select distinct p.user_id as id from students s join parents p on p.id = s.parent_id
      where s.id in (${children}) order by 1`,
  );
  return rows.map((row) => row.id);
}

/** Sends, and waits for the job to have written the recipients. */
async function send(body: Record<string, unknown>): Promise<FamilyMessage> {
  const sent = await admin('POST', '/api/family-messages/create', body);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const id = (sent.body.data as FamilyMessage).id;
  return vi.waitFor(
    async () => {
      const answer = await admin('GET', `/api/family-messages/get-one/${id}`);
      const message = answer.body.data as FamilyMessage;
      expect(message.state).not.toBe('QUEUED');
      return message;
    },
    { timeout: 30_000, interval: 50 },
  );
}

const recipientsOf = async (messageId: string) =>
  (
    await db()
      .select({ userId: familyMessageRecipients.userId })
      .from(familyMessageRecipients)
      .where(eq(familyMessageRecipients.messageId, messageId))
  )
    .map((row) => row.userId)
    .sort();
const outboxOf = (messageId: string) =>
  db()
    .select({ userId: notificationOutbox.userId, body: notificationOutbox.body })
    .from(notificationOutbox)
    .where(like(notificationOutbox.dedupKey, `OFFICE_MESSAGE:${messageId}:%`));

describe('templates', () => {
  it('are kept by the office: a name taken answers 409, a translation without the placeholders a field error', async () => {
    const body = { name: 'Running late', body: 'Bus {route} is running about {minutes} minutes late' };
    const created = await admin('POST', '/api/message-templates/create', {
      ...body,
      translations: { es: 'El autobús {route} va unos {minutes} minutos tarde', ar: '' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ translations: { es: expect.any(String) } });
    expect(created.body.data.translations).not.toHaveProperty('ar');
    expect((await admin('POST', '/api/message-templates/create', body)).status).toBe(409);
    const wrong = await admin('POST', '/api/message-templates/create', {
      name: 'Other',
      body: body.body,
      translations: { es: 'El autobús va tarde' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([
      expect.objectContaining({ field: 'translations.es', message: expect.stringContaining('{route}') }),
    ]);
    const id = created.body.data.id as string;
    expect(
      (await admin('PUT', `/api/message-templates/update/${id}`, { ...body, name: 'Late bus' })).status,
    ).toBe(200);
    const audit = await queryRows<{ action: string }>(
      db(),
      sql`select action from audit_log where entity_id = ${id} order by id`,
    );
    expect(audit.map((row) => row.action)).toEqual(['message-template.created', 'message-template.updated']);
    expect((await admin('DELETE', `/api/message-templates/delete/${id}`)).status).toBe(200);
  });
});

describe('the audience', () => {
  const cases: Array<() => Promise<Audience[]>> = [
    async () =>
      (await queryRows<{ id: string }>(db(), sql`select id from routes order by id`))
        .slice(0, 3)
        .map(({ id }) => ({ kind: 'route', id })),
    async () =>
      pick(
        await queryRows<{ id: string }>(db(), sql`select id from trips where trip_date = current_date`),
        3,
      ).map(({ id }) => ({ kind: 'run', id })),
    async () =>
      (
        await queryRows<{ id: string }>(
          db(),
          sql`select distinct stop_id as id from student_stops order by 1`,
        )
      ).map(({ id }) => ({ kind: 'stop', id })),
    async () =>
      (await queryRows<{ id: string }>(db(), sql`select distinct school_id as id from plan_proposals`)).map(
        ({ id }) => ({ kind: 'school', id }),
      ),
    async () => [{ kind: 'everyone' }],
  ];

  it('is exactly the guardians of the chosen run, route, school, stop or everyone, each once', async () => {
    let tried = 0;
    for (const audiences of cases)
      for (const audience of await audiences()) {
        const expected = await expectedGuardians(audience);
        expect(expected.length, JSON.stringify(audience)).toBeGreaterThan(0);
        const counted = await admin('POST', '/api/family-messages/recipients', { audience });
        expect(counted.body.data.recipients, JSON.stringify(audience)).toBe(expected.length);
        const message = await send({ audience, body: `To ${audience.kind}` });
        expect(message.recipients).toBe(expected.length);
        expect(await recipientsOf(message.id)).toEqual(expected);
        const outbox = await outboxOf(message.id);
        expect(outbox.map((row) => row.userId).sort()).toEqual(expected);
        tried++;
      }
    expect(tried).toBeGreaterThanOrEqual(8);
  }, 120_000);

  it('answers 404 for a run that is not of today and a route that does not exist', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await admin('POST', '/api/trips/generate', { date: tomorrow })).status).toBe(200);
    const [later] = await queryRows<{ id: string }>(
      db(),
      sql`select id from trips where trip_date = ${tomorrow}::date limit 1`,
    );
    const audience = { kind: 'run', id: later!.id };
    expect((await admin('POST', '/api/family-messages/recipients', { audience })).status).toBe(404);
    const none = { kind: 'route', id: '00000000-0000-4000-8000-000000000000' };
    expect((await admin('POST', '/api/family-messages/create', { audience: none, body: 'x' })).status).toBe(
      404,
    );
  });
});

describe('nothing is sent twice', () => {
  it('when the job runs again on a message, or on two handles on the database at once', async () => {
    const [route] = await queryRows<{ id: string }>(db(), sql`select id from routes order by id limit 1`);
    const audience = { kind: 'route' as const, id: route!.id };
    const expected = await expectedGuardians(audience);
    const sent = await send({ audience, body: 'Twice?' });
    // As if a process had died after writing and the message looked queued again: written once all the same.
    await db().update(familyMessages).set({ state: 'QUEUED' }).where(eq(familyMessages.id, sent.id));
    const here = familyMessageJob({ db: db(), wakeDispatcher: () => undefined });
    const there = familyMessageJob({ db: other.db, wakeDispatcher: () => undefined });
    await Promise.all([here(), there(), here()]);
    expect(await recipientsOf(sent.id)).toEqual(expected);
    expect(await outboxOf(sent.id)).toHaveLength(expected.length);

    // A message never looked at yet, taken by two handles at once: one writes it (skip locked), once.
    const [message] = await db()
      .insert(familyMessages)
      .values({ audience: 'route', audienceId: route!.id, audienceLabel: 'Route', body: 'Once' })
      .returning();
    const runs = await Promise.all([here(), there()]);
    expect(runs.reduce((sum, run) => sum + run.expanded, 0)).toBeLessThanOrEqual(1);
    await vi.waitFor(async () => expect(await recipientsOf(message!.id)).toEqual(expected));
    expect(await outboxOf(message!.id)).toHaveLength(expected.length);
  });
});

describe('a guardian', () => {
  it('receives it by push in their language, or by e-mail, reads only their own, and the office sees the counts', async () => {
    // A route whose guardians are at least two: the first with a device and Spanish, the others without a device.
    const [route] = await queryRows<{ id: string }>(
      db(),
      sql`select ra.route_id as id from route_assignments ra join assignment_students a on a.assignment_id = ra.id
        join students s on s.id = a.student_id group by ra.route_id having count(distinct s.parent_id) >= 2
        order by 1 limit 1`,
    );
    const audience = { kind: 'route' as const, id: route!.id };
    const [first, second] = await expectedGuardians(audience);
    const session = async (userId: string) =>
      apiAs(t.app, (await createSession(db(), userId, { ip: '127.0.0.1' }, new Date(), LIFETIMES)).token);
    const guardian = await session(first!);
    const neighbour = await session(second!);
    await db().update(users).set({ language: 'es' }).where(eq(users.id, first!));
    const device = push.subscription();
    expect((await guardian('POST', '/api/parent/push/subscriptions', device)).status).toBe(201);
    // Somebody outside the audience.
    const [outside] = await queryRows<{ id: string }>(
      db(),
      sql`select p.user_id as id from parents p where p.user_id not in (
        select p2.user_id from students s join parents p2 on p2.id = s.parent_id
        join assignment_students a on a.student_id = s.id join route_assignments ra on ra.id = a.assignment_id
        where ra.route_id = ${route!.id}) limit 1`,
    );
    const stranger = await session(outside!.id);

    const template = await admin('POST', '/api/message-templates/create', {
      name: 'Late',
      body: 'Bus {route} is running about {minutes} minutes late',
      translations: { es: 'El autobús {route} va unos {minutes} minutos tarde' },
    });
    const templateId = template.body.data.id as string;
    const unfilled = await admin('POST', '/api/family-messages/create', {
      audience,
      templateId,
      values: { route: 'North 2' },
    });
    expect(unfilled.status).toBe(400);
    expect(unfilled.body.errors).toEqual([expect.objectContaining({ field: 'values.minutes' })]);

    const message = await send({ audience, templateId, values: { route: 'North 2', minutes: '15' } });
    expect(message.body).toBe('Bus North 2 is running about 15 minutes late');
    const received = await push.waitFor(
      (m) => (m.payload as PushPayload).tag === `OFFICE_MESSAGE:${message.id}:${first}`,
    );
    expect(received.endpoint).toBe(device.endpoint);
    expect(received.payload as PushPayload).toMatchObject({
      kind: 'OFFICE_MESSAGE',
      title: 'Mensaje de la oficina de transporte',
      body: 'El autobús North 2 va unos 15 minutos tarde',
      url: '/parent/messages',
    });

    // Everyone handled: the device by push, the others by e-mail (the office's message falls back whatever they chose).
    const done = await vi.waitFor(
      async () => {
        const answer = (await admin('GET', `/api/family-messages/get-one/${message.id}`)).body
          .data as FamilyMessage;
        expect(answer.state).toBe('DONE');
        return answer;
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(done.handled).toBe(done.recipients);
    expect(done.delivered).toBe(done.recipients);
    expect(done.read).toBe(0);

    const mine = await guardian('GET', '/api/parent/messages');
    // Newest first, in the language it was sent in (earlier tests' messages to everyone follow it).
    expect(mine.body.data[0]).toEqual({
      id: message.id,
      body: 'El autobús North 2 va unos 15 minutos tarde',
      sentAt: expect.any(String),
      readAt: null,
    });
    const strangers = (await stranger('GET', '/api/parent/messages')).body.data as Array<{ id: string }>;
    expect(strangers.map((row) => row.id)).not.toContain(message.id);
    expect((await stranger('POST', `/api/parent/messages/${message.id}/read`)).status).toBe(404);
    expect((await guardian('POST', `/api/parent/messages/${message.id}/read`)).status).toBe(200);
    expect((await guardian('POST', `/api/parent/messages/${message.id}/read`)).status).toBe(200);
    expect((await neighbour('GET', '/api/parent/messages')).body.data[0].readAt).toBeNull();
    const counted = (await admin('GET', `/api/family-messages/get-one/${message.id}`)).body
      .data as FamilyMessage;
    expect(counted.read).toBe(1);
    expect((await guardian('GET', '/api/parent/messages')).body.data[0].readAt).not.toBeNull();

    const audit = await queryRows<{ details: { audienceLabel: string; recipientsCounted: number } }>(
      db(),
      sql`select details from audit_log where action = 'family-message.sent' and entity_id = ${message.id}`,
    );
    expect(audit[0]!.details.recipientsCounted).toBe(done.recipients);
  });
});
