import { readFile } from 'node:fs/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { stops, students, tripStops } from '../src/db/schema/index.js';
import { familyOnBus, MILL } from './support/parent-families.js';
import { adminTestApp } from './support/requests.js';
import { manualClock } from './support/test-app.js';

/**
 * Migration 0028 (decision 051) renames the stops an earlier version named after a child's pickup address, and the
 * trips' copies of them. A test database starts with no such stop, so here they are laid out as that version made
 * them (name = the child's address, at or near the child's point), beside stops that must keep their names.
 */
const time = manualClock(new Date('2026-03-02T06:00:00Z'));
const { t, api } = adminTestApp({ clock: time.clock, env: { LOG_LEVEL: 'silent', TIME_ZONE: 'UTC' } });
const db = () => t.app.database.db;

const MIGRATION = new URL('../src/db/migrations/0028_neutral-stop-names.sql', import.meta.url);

describe('migration 0028: stops named after a child’s address', () => {
  it('renames them "Stop N", and the trips’ copies, across two families; other stops keep their names', async () => {
    const [first, second] = [
      await familyOnBus(t.app, api, time.clock, { date: '2026-03-02' }),
      await familyOnBus(t.app, api, time.clock, { date: '2026-03-02' }),
    ];
    const long = `${'Long Avenue '.repeat(10)}12`;
    // As the old rule made them: the first family's stop at their door, named after the address; the second's
    // address too long for a name, cut with an ellipsis, and the stop 300 m from their point (a planned stop).
    await db()
      .update(students)
      .set({ pickupDropAddress: ' 7 Mill Lane ', pickupAndDropLat: MILL.lat, pickupAndDropLng: MILL.lng })
      .where(eq(students.id, first.kids[0]!.id));
    await db()
      .update(students)
      .set({ pickupDropAddress: long, pickupAndDropLat: MILL.lat + 0.0027, pickupAndDropLng: MILL.lng })
      .where(eq(students.id, second.kids[0]!.id));
    const cut = `${long.slice(0, 99)}…`;
    await db().update(stops).set({ name: '7 Mill Lane' }).where(eq(stops.id, first.stops.mill.id));
    await db()
      .update(tripStops)
      .set({ name: '7 Mill Lane' })
      .where(eq(tripStops.stopId, first.stops.mill.id));
    await db().update(stops).set({ name: cut }).where(eq(stops.id, second.stops.mill.id));
    // Kept: a stop the office named after a street, near no child of that address; a child's address 5 km away.
    const [street, far] = await db()
      .insert(stops)
      .values([
        { name: 'Church Road', lat: MILL.lat, lng: MILL.lng },
        { name: '7 Mill Lane', lat: MILL.lat + 0.045, lng: MILL.lng },
      ])
      .returning();

    await db().execute(sql.raw(await readFile(MIGRATION, 'utf8')));

    const names = new Map(
      (
        await db()
          .select({ id: stops.id, name: stops.name })
          .from(stops)
          .where(inArray(stops.id, [first.stops.mill.id, second.stops.mill.id, street!.id, far!.id]))
      ).map((row) => [row.id, row.name]),
    );
    expect(names.get(first.stops.mill.id)).toMatch(/^Stop \d+$/);
    expect(names.get(second.stops.mill.id)).toMatch(/^Stop \d+$/);
    expect(names.get(first.stops.mill.id)).not.toBe(names.get(second.stops.mill.id));
    expect(names.get(street!.id)).toBe('Church Road');
    expect(names.get(far!.id)).toBe('7 Mill Lane');
    const copies = await db()
      .select({ name: tripStops.name })
      .from(tripStops)
      .where(eq(tripStops.stopId, first.stops.mill.id));
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) expect(copy.name).toBe(names.get(first.stops.mill.id));
  });
});
