import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.js';
import {
  absences as absence,
  childChecks,
  complianceOverrides,
  dailyJobRuns,
  inspectionDefects,
  inspections,
  notificationOutbox,
  ridershipEvents,
  sessions,
  trips,
  vehiclePositions,
} from '../src/db/schema/index.js';
import { retentionJob } from '../src/modules/operations/retention/retention-job.js';
import { runDailyJob } from '../src/modules/platform/jobs/job-claims.js';
import { createAccount } from './support/accounts.js';
import { busWithTrips } from './support/buses.js';
import { adminTestApp } from './support/requests.js';
import { manualClock } from './support/test-app.js';

/**
 * Retention: the daily job removes ridership events past RIDERSHIP_RETENTION_DAYS, positions past
 * POSITION_RETENTION_DAYS and finished notifications past 30 days, and keeps everything younger (and every
 * notification not yet sent, whatever its age).
 */
const NOW = new Date('2026-03-02T08:00:00Z');
const time = manualClock(NOW);
// Daily jobs on, as in production: the app runs them once it is ready.
const { t, api } = adminTestApp({
  clock: time.clock,
  env: { LOG_LEVEL: 'info', DAILY_JOBS: 'on', TIME_ZONE: 'Europe/London' },
});
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
const retention = () => ({ name: 'retention', ...retentionJob(time.clock, t.config.retention) });

describe('settings', () => {
  it('default to a school year plus 90 days for events and 90 days for positions, and refuse nonsense', () => {
    expect(loadConfig({}).retention).toEqual({ ridershipDays: 455, positionDays: 90, reasonDays: 365 });
    expect(
      loadConfig({
        RIDERSHIP_RETENTION_DAYS: '400',
        POSITION_RETENTION_DAYS: '30',
        AUDIT_RETENTION_DAYS: '90',
      }).retention,
    ).toEqual({ ridershipDays: 400, positionDays: 30, reasonDays: 90 });
    expect(() => loadConfig({ POSITION_RETENTION_DAYS: '0' })).toThrow(
      'Invalid configuration: POSITION_RETENTION_DAYS must be a whole number of days from 1 to 3650.',
    );
    expect(() => loadConfig({ RIDERSHIP_RETENTION_DAYS: 'forever' })).toThrow(
      'Invalid configuration: RIDERSHIP_RETENTION_DAYS must be a whole number of days from 30 to 3650.',
    );
  });
});

describe('the daily job', () => {
  let tripId: string;
  let studentId: string;
  let userId: string;

  beforeAll(async () => {
    const bus = await busWithTrips(t.app, api, time.clock, { children: 1 });
    tripId = bus.pickup;
    studentId = bus.kids[0]!.id;
    userId = (await createAccount(t.app, 'parent')).id;
  });

  // First: the server's own run is over before this file writes rows for the next test to find removed.
  it('runs with the server’s daily jobs, and logs what it removed', async () => {
    await vi.waitFor(async () => {
      const runs = await t.app.database.db
        .select()
        .from(dailyJobRuns)
        .where(and(eq(dailyJobRuns.job, 'retention'), eq(dailyJobRuns.day, '2026-03-02')));
      expect(runs).toEqual([expect.objectContaining({ finishedAt: expect.any(Date) })]);
    });
    expect(t.logs.some((line) => line.includes('daily job retention: '))).toBe(true);
  });

  it('removes what is past its retention, keeps the rest, and runs once a day', async () => {
    const db = t.app.database.db;
    const event = (days: number) => ({
      eventId: randomUUID(),
      tripId,
      kind: 'BOARD' as const,
      method: 'TAP' as const,
      studentId,
      occurredAt: ago(days),
    });
    const events = [event(456), event(454), event(1)];
    await db.insert(ridershipEvents).values(events);
    const position = (days: number) => ({
      positionId: randomUUID(),
      tripId,
      lat: 51.5,
      lng: -0.12,
      recordedAt: ago(days),
      source: 'app',
    });
    const positions = [position(91), position(89)];
    await db.insert(vehiclePositions).values(positions);
    const note = (key: string, fields: Partial<typeof notificationOutbox.$inferInsert>) => ({
      dedupKey: `${key}:${randomUUID()}`,
      userId,
      kind: 'BOARDED' as const,
      title: 'On the bus',
      body: 'A child boarded.',
      url: '/parent',
      ...fields,
    });
    const notes = await db
      .insert(notificationOutbox)
      .values([
        note('sent-old', { createdAt: ago(40), sentAt: ago(31), channel: 'push' }),
        note('given-up-old', { createdAt: ago(40), givenUpAt: ago(31) }),
        note('sent-recent', { createdAt: ago(10), sentAt: ago(29), channel: 'push' }),
        note('unsent-old', { createdAt: ago(60) }),
      ])
      .returning({ id: notificationOutbox.id, dedupKey: notificationOutbox.dedupKey });

    const job = retention();
    // Claimed under a day of its own: the server's own run has taken today's claim (the next test).
    const report = await runDailyJob(db, job, '2026-03-01', time.clock);
    expect(report?.figures).toEqual(
      expect.objectContaining({ ridership: 1, positions: 1, notifications: 2 }),
    );
    // The day is claimed: a second run (another process, a restart) removes nothing more.
    expect(await runDailyJob(db, job, '2026-03-01', time.clock)).toBeNull();

    const keptEvents = await db
      .select({ id: ridershipEvents.eventId })
      .from(ridershipEvents)
      .where(
        inArray(
          ridershipEvents.eventId,
          events.map((row) => row.eventId),
        ),
      );
    expect(keptEvents.map((row) => row.id).sort()).toEqual([events[1]!.eventId, events[2]!.eventId].sort());
    const keptPositions = await db
      .select({ id: vehiclePositions.positionId })
      .from(vehiclePositions)
      .where(
        inArray(
          vehiclePositions.positionId,
          positions.map((row) => row.positionId),
        ),
      );
    expect(keptPositions.map((row) => row.id)).toEqual([positions[1]!.positionId]);
    const keptNotes = await db
      .select({ dedupKey: notificationOutbox.dedupKey })
      .from(notificationOutbox)
      .where(
        inArray(
          notificationOutbox.id,
          notes.map((row) => row.id),
        ),
      );
    expect(keptNotes.map((row) => row.dedupKey.split(':')[0]).sort()).toEqual(['sent-recent', 'unsent-old']);
  });

  it('removes sessions 30 days after they ended, with their address and browser', async () => {
    const db = t.app.database.db;
    const session = (fields: Partial<typeof sessions.$inferInsert>) => ({
      userId,
      tokenHash: randomUUID(),
      createdAt: ago(60),
      lastSeenAt: ago(40),
      expiresAt: ago(-1),
      ip: '203.0.113.9',
      userAgent: 'Mozilla/5.0 (a parent’s phone)',
      ...fields,
    });
    const rows = await db
      .insert(sessions)
      .values([
        session({ revokedAt: ago(31) }),
        session({ expiresAt: ago(31) }),
        session({ revokedAt: ago(29) }),
        session({ expiresAt: ago(29) }),
        session({ lastSeenAt: ago(0) }),
      ])
      .returning({ id: sessions.id });
    const report = await runDailyJob(db, retention(), '2026-02-28', time.clock);
    expect(report?.figures).toEqual(expect.objectContaining({ sessions: 2 }));
    const kept = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        inArray(
          sessions.id,
          rows.map((row) => row.id),
        ),
      );
    expect(kept.map((row) => row.id).sort()).toEqual(
      rows
        .slice(2)
        .map((row) => row.id)
        .sort(),
    );
  });

  it('blanks the free-text reasons and notes once they are older than the audit log keeps entries', async () => {
    const db = t.app.database.db;
    // A year by default (AUDIT_RETENTION_DAYS): what the audit log keeps, and it copies some of these texts.
    expect(t.config.retention.reasonDays).toBe(365);
    const old = ago(366);
    const recent = ago(364);
    const day = (instant: Date) => instant.toISOString().slice(0, 10);
    const words = 'Told the office: grandmother collects her on Fridays';

    const absences = await db
      .insert(absence)
      .values([
        { studentId, date: day(old), run: 'PICKUP' as const, reason: words },
        { studentId, date: day(recent), run: 'PICKUP' as const, reason: words },
      ])
      .returning({ id: absence.id });
    const bus = await busWithTrips(t.app, api, time.clock, { children: 1 });
    await db
      .update(trips)
      .set({ tripDate: day(old), finishReason: words })
      .where(eq(trips.id, bus.pickup));
    await db
      .update(trips)
      .set({ tripDate: day(recent), finishReason: words })
      .where(eq(trips.id, bus.drop));
    const checks = await db
      .insert(childChecks)
      .values([
        { id: randomUUID(), tripId: bus.pickup, method: 'TAP' as const, reason: words, checkedAt: old },
        { id: randomUUID(), tripId: bus.drop, method: 'TAP' as const, reason: words, checkedAt: recent },
      ])
      .returning({ id: childChecks.id });
    const inspection = (on: Date) => ({
      id: randomUUID(),
      vehicleId: bus.vehicle.id,
      driverName: 'A driver',
      inspectedOn: day(on),
      items: [
        { itemId: 'brakes', label: 'Brakes', ok: false, note: words },
        { itemId: 'lights', label: 'Lights', ok: true, note: null },
      ],
      completedAt: on,
    });
    const checked = await db
      .insert(inspections)
      .values([inspection(old), inspection(recent)])
      .returning({ id: inspections.id });
    const defect = (inspectionId: string, closedAt: Date | null) => ({
      inspectionId,
      vehicleId: bus.vehicle.id,
      itemLabel: 'Brakes',
      note: words,
      openedAt: ago(400),
      closedAt,
      closeNote: closedAt ? words : null,
    });
    const defects = await db
      .insert(inspectionDefects)
      .values([defect(checked[0]!.id, old), defect(checked[0]!.id, recent), defect(checked[0]!.id, null)])
      .returning({ id: inspectionDefects.id });
    const overrides = await db
      .insert(complianceOverrides)
      .values([
        { tripId: bus.pickup, reason: words, blockers: [], createdAt: old },
        { tripId: bus.drop, reason: words, blockers: [], createdAt: recent },
      ])
      .returning({ id: complianceOverrides.id });

    const report = await runDailyJob(db, retention(), '2026-02-27', time.clock);
    expect(report?.figures).toEqual(expect.objectContaining({ reasonsBefore: day(ago(365)) }));

    /** For each row of `table` named in `ids`, in `order`: whether it still holds the words. */
    const holdWords = async (table: PgTable, id: PgColumn, ids: string[], order: PgColumn) =>
      (await db.select().from(table).where(inArray(id, ids)).orderBy(order)).map((row) =>
        JSON.stringify(row).includes(words),
      );
    const idsOf = (rows: { id: string }[]) => rows.map((row) => row.id);
    expect(await holdWords(absence, absence.id, idsOf(absences), absence.date)).toEqual([false, true]);
    expect(await holdWords(trips, trips.id, [bus.pickup, bus.drop], trips.tripDate)).toEqual([false, true]);
    expect(await holdWords(childChecks, childChecks.id, idsOf(checks), childChecks.checkedAt)).toEqual([
      false,
      true,
    ]);
    expect(await holdWords(inspections, inspections.id, idsOf(checked), inspections.inspectedOn)).toEqual([
      false,
      true,
    ]);
    // An open defect keeps its note however old (the office still has to act on it): closed old, closed recent, open.
    expect(
      await holdWords(inspectionDefects, inspectionDefects.id, idsOf(defects), inspectionDefects.closedAt),
    ).toEqual([false, true, true]);
    expect(
      await holdWords(
        complianceOverrides,
        complianceOverrides.id,
        idsOf(overrides),
        complianceOverrides.createdAt,
      ),
    ).toEqual([false, true]);
  });
});
