import { greatCircleMetres } from '@school-transport/planner';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { generateDataset, type DatasetSummary } from '../src/db/generate/generate-dataset.js';
import { adminTestApp } from './support/requests.js';

const { t } = adminTestApp();

/**
 * The dataset generator (`npm run generate`) is the planner's benchmark baseline (docs/benchmarks.md): its
 * assignment must be what an operator without a planner would do, one bus per block of neighbours going to their
 * own school, each bus within its seats.
 */
describe('the dataset generator', () => {
  let summary: DatasetSummary;
  beforeAll(async () => {
    summary = await generateDataset(t.app.database.db, { students: 400, schoolDays: 1 });
  });

  it('makes three schools and seats each assignment within its vehicle', async () => {
    expect(summary).toMatchObject({ schools: 3, students: 400 });
    expect(summary.assignments).toBeGreaterThan(0);
    const overfull = await queryRows<{ n: number }>(
      t.app.database.db,
      sql`select count(*)::int as n from route_assignments a join vehicles v on v.id = a.vehicle_id
        where v.capacity < (select count(*) from assignment_students s where s.assignment_id = a.id)`,
    );
    expect(overfull[0]!.n).toBe(0);
  });

  it('gives each bus neighbours of one city, nearest to the school its route ends at', async () => {
    const db = t.app.database.db;
    const schools = await queryRows<{ name: string; lat: number; lng: number }>(
      db,
      sql`select name, lat, lng from schools`,
    );
    const seated = await queryRows<{ assignment: string; school: string; lat: number; lng: number }>(
      db,
      sql`select a.id as assignment, r.end_location as school, st.pickup_lat as lat, st.pickup_lng as lng
        from assignment_students s join route_assignments a on a.id = s.assignment_id
        join routes r on r.id = a.route_id join students st on st.id = s.student_id`,
    );
    expect(seated.length).toBe(summary.seated);
    for (const child of seated) {
      const nearest = schools.reduce((best, school) =>
        greatCircleMetres(child, school) < greatCircleMetres(child, best) ? school : best,
      );
      expect(nearest.name).toBe(child.school);
    }
    // A neighbourhood: no two children of one bus more than a couple of kilometres apart.
    const byBus = new Map<string, typeof seated>();
    for (const child of seated) byBus.set(child.assignment, [...(byBus.get(child.assignment) ?? []), child]);
    for (const children of byBus.values()) {
      const widest = Math.max(...children.flatMap((a) => children.map((b) => greatCircleMetres(a, b))));
      expect(widest).toBeLessThan(2_000);
    }
  });
});
