import { addDays } from '../../../lib/zoned-time.js';
import { schoolDaysBetween } from '../calendar/index.js';
import type { TripService } from '../trips/index.js';
import type { DailyJob } from './daily-job-service.js';

/**
 * The trips of every school day from today through `aheadDays` days ahead (TRIPS_AHEAD_DAYS), so the office no
 * longer presses "Generate trips" each morning. Trips already there are left alone, so the days overlapping
 * yesterday's run cost nothing but the look-up.
 */
export function tripsAheadJob(trips: TripService, aheadDays: number): DailyJob {
  return {
    name: 'trips-ahead',
    async run(tx, today) {
      const last = addDays(today, aheadDays);
      const days = await schoolDaysBetween(tx, today, last);
      const created = await trips.generateAhead(tx, days);
      return {
        summary: `${created} trips made for ${days.length} school days from ${today} to ${last}`,
        figures: { created, schoolDays: days.length, from: today, to: last },
      };
    },
  };
}
