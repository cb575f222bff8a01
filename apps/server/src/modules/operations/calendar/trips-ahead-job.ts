import { addDays } from '../../../lib/zoned-time.js';
import type { ClaimedWork } from '../../platform/jobs/index.js';
import type { TripService } from '../trips/index.js';
import { schoolDaysBetween } from './calendar-service.js';

/**
 * The trips-ahead job's work (daily, job-registry.ts): the trips of every school day from today through `aheadDays`
 * days ahead (TRIPS_AHEAD_DAYS), so the office no longer presses "Generate trips" each morning. Trips already there
 * are left alone, so the days overlapping yesterday's run cost nothing but the look-up.
 */
export function tripsAheadJob(trips: TripService, aheadDays: number): ClaimedWork {
  return {
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
