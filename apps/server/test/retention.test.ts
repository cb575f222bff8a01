import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.js';
import {
  dailyJobRuns,
  notificationOutbox,
  ridershipEvents,
  vehiclePositions,
} from '../src/db/schema/index.js';
import { runDailyJob } from '../src/modules/daily-jobs/daily-job-service.js';
import { retentionJob } from '../src/modules/daily-jobs/retention-job.js';
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

describe('settings', () => {
  it('default to a school year plus 90 days for events and 90 days for positions, and refuse nonsense', () => {
    expect(loadConfig({}).retention).toEqual({ ridershipDays: 455, positionDays: 90 });
    expect(loadConfig({ RIDERSHIP_RETENTION_DAYS: '400', POSITION_RETENTION_DAYS: '30' }).retention).toEqual({
      ridershipDays: 400,
      positionDays: 30,
    });
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

    const job = retentionJob(time.clock, t.config.retention);
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
});
