import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { generateDataset } from '../src/db/generate/generate-dataset.js';
import { generateHistory } from '../src/db/generate/generate-history.js';
import { onTimeByStop, onTimeFromStops } from '../src/modules/reports/reports-queries.js';
import { adminTestApp } from './support/requests.js';

const { t } = adminTestApp();

type HistoryCounts = Record<
  'days' | 'trips' | 'completed' | 'arrivals' | 'scan_days' | 'positions' | 'measured',
  number
>;

/**
 * The reports' benchmark history (generate-history.ts): a day per transaction after the children, every completed
 * trip with its stops' arrivals, positions and scans, the rollups kept by the triggers as it goes, and a second run
 * adding nothing (a stopped run goes on where it stopped).
 */
describe('the history generator', () => {
  it('writes whole school days, keeps the rollups and adds nothing the second time', async () => {
    const db = t.app.database.db;
    await generateDataset(db, { students: 150, schoolDays: 2, history: true });
    const count = async () => {
      const [row] = await queryRows<HistoryCounts>(
        db,
        sql`select (select count(distinct trip_date)::int from trips) as days, (select count(*)::int from trips) as trips,
          (select count(*)::int from trips where status = 'COMPLETED') as completed,
          (select count(*)::int from trip_stops ts join trips t on t.id = ts.trip_id
            where t.status = 'COMPLETED' and ts.arrived_at is not null) as arrivals,
          (select count(distinct t.trip_date)::int from ridership_events e join trips t on t.id = e.trip_id) as scan_days,
          (select count(*)::int from vehicle_positions) as positions,
          (select count(*)::int from trip_distances where km > 0) as measured`,
      );
      return row!;
    };
    const first = await count();
    expect(first.days).toBe(2);
    expect(first.completed).toBeGreaterThan(0);
    expect(first.arrivals).toBe(first.completed * 6);
    expect(first.scan_days).toBe(2);
    expect(first.measured).toBe(first.completed);
    const month = { from: '2000-01-01', to: '2100-01-01' };
    expect(await onTimeByStop(db, month, 5)).toEqual(await onTimeFromStops(db, month, 5, 'stop'));

    const again = await generateHistory(db, { schoolDays: 2 });
    expect(again.days).toHaveLength(2);
    expect(await count()).toEqual(first);
  });
});
