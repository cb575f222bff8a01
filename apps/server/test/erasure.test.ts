import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { liveEvents, notificationOutbox, ridershipEvents } from '../src/db/schema/index.js';
import { tokenFor } from './support/accounts.js';
import { busWithTrips } from './support/buses.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

/**
 * Deleting a child erases the copies of their name and tag that other tables keep (decision 020's addendum): the
 * ridership events (kept for the trip's counts, 455 days), the live stream's log and the parents' notifications,
 * in the transaction of the delete.
 */
const time = manualClock(new Date('2026-03-02T07:30:00Z'));
let t: TestApp;
let admin: Api;

beforeAll(async () => {
  t = await createTestApp({ clock: time.clock, env: { LOG_LEVEL: 'silent', TIME_ZONE: 'Europe/London' } });
  admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
  return () => t.close();
});

describe('deleting a child', () => {
  it('leaves no name or tag of theirs in ridership events, the live log or the notifications', async () => {
    const bus = await busWithTrips(t.app, admin, time.clock, { children: 2 });
    const [gone, stays] = bus.kids as [(typeof bus.kids)[number], (typeof bus.kids)[number]];
    const scan = (tagId: string, kind: 'BOARD' | 'ALIGHT', minute: number) => ({
      eventId: randomUUID(),
      tripId: bus.pickup,
      kind,
      method: 'NFC' as const,
      tagId,
      occurredAt: `2026-03-02T07:${minute}:00Z`,
    });
    const events = [
      scan(gone.nfcTagId!, 'BOARD', 31),
      scan(stays.nfcTagId!, 'BOARD', 32),
      scan(gone.nfcTagId!, 'ALIGHT', 33),
    ];
    const sent = await bus.driverApi('POST', '/api/driver/events', { events });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);

    const copies = async () =>
      JSON.stringify({
        events: await t.app.database.db
          .select()
          .from(ridershipEvents)
          .where(inArray(ridershipEvents.tripId, [bus.pickup])),
        live: await t.app.database.db.select().from(liveEvents),
        notifications: await t.app.database.db.select().from(notificationOutbox),
      });
    // The copies are there to erase: the scans named the child and kept the tag, the parent was to be told.
    const before = await copies();
    for (const value of [gone.name, gone.nfcTagId!, stays.name, stays.nfcTagId!])
      expect(before, value).toContain(value);

    expect((await admin('DELETE', `/api/students/delete/${gone.id}`)).status).toBe(200);

    const after = await copies();
    for (const value of [gone.name, gone.nfcTagId!]) expect(after, value).not.toContain(value);
    // Only theirs: the other child's copies stay, and the deleted child's events stay for the trip's counts.
    for (const value of [stays.name, stays.nfcTagId!]) expect(after, value).toContain(value);
    const rows = await t.app.database.db
      .select()
      .from(ridershipEvents)
      .where(inArray(ridershipEvents.tripId, [bus.pickup]));
    expect(rows).toHaveLength(3);
    expect(rows.filter((row) => row.studentId === null)).toEqual([
      expect.objectContaining({ studentName: null, tagId: null }),
      expect.objectContaining({ studentName: null, tagId: null }),
    ]);
  });
});
