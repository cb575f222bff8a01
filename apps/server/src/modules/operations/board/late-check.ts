import type { Alert } from '@school-transport/shared';
import type { Database } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { type AlertService, tripInWords } from '../alerts/index.js';
import type { LiveLog } from '../live/index.js';
import { enqueueNotifications, type NotificationDispatcher } from '../notifications/index.js';
import type { BoardService } from './board-service.js';
import { approachNotices } from './approach-notifications.js';
import { lateNotices } from './late-notifications.js';
import { missedStopAlerts, offRouteAlerts } from './route-watch.js';

export interface LateCheckDeps {
  db: Database;
  clock: Clock;
  board: Pick<BoardService, 'running'>;
  /** A started trip more than this many minutes behind its plan raises LATE (ALERT_LATE_MINUTES). */
  lateMinutes: number;
  /** A bus farther than this from its run's path raises OFF_ROUTE (ALERT_OFF_ROUTE_METRES; route-watch.ts). */
  offRouteMetres: number;
  alerts: Pick<AlertService, 'raise'>;
  live: Pick<LiveLog, 'committed'>;
  notifications: Pick<NotificationDispatcher, 'wake'>;
}

const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The look at running trips every 15 s (the late-check job, job-registry.ts, beside the other periodic alerts): the
 * "running late" alert, and parents told of a late bus and of a bus approaching their child's stop. The "running
 * late" alert: a started trip whose lateness, as the board shows it (the next stop's estimate against its plan,
 * eta.ts), is beyond the setting. It runs on every API process; the unique cause `LATE:<trip>` raises it once per
 * trip among them, however often it runs and however much later the trip gets. The message names the route and
 * run, never a child. The same look offers parents a LATE notification for every trip behind its plan, written once
 * their own chosen lateness is reached. The same look watches where each bus goes: off its route, or past a stop
 * where children were due (route-watch.ts).
 */
export function createLateCheck({
  db,
  clock,
  board,
  lateMinutes,
  offRouteMetres,
  alerts,
  live,
  notifications,
}: LateCheckDeps) {
  return {
    /** One look; answers the alerts it raised. */
    async run(): Promise<Alert[]> {
      const running = await board.running();
      const behind = running
        .map(({ trip }) => trip)
        .filter((trip) => trip.lateMinutes !== null && trip.lateMinutes >= 1);
      if (!running.length) return [];
      const late = behind.filter((trip) => trip.lateMinutes! > lateMinutes);
      const now = clock();
      const { raised, told } = await db.transaction(async (tx) => ({
        raised: await alerts.raise(tx, [
          ...late.map((trip) => ({
            kind: 'LATE' as const,
            cause: `LATE:${trip.tripId}`,
            tripId: trip.tripId,
            message: `${sentenceCase(tripInWords(trip))} is running ${Math.round(trip.lateMinutes!)} min late.`,
            raisedAt: now,
          })),
          ...offRouteAlerts(running, offRouteMetres, now),
          ...(await missedStopAlerts(tx, running, now)),
        ]),
        // Each parent chose their own lateness and warning time (the outbox keeps what reached it), so every trip
        // behind its plan, and every child still waiting for the bus, is offered.
        told: await enqueueNotifications(tx, [
          ...(await lateNotices(tx, behind)),
          ...(await approachNotices(tx, running, now)),
        ]),
      }));
      if (raised.length) live.committed();
      if (told) notifications.wake();
      return raised;
    },
  };
}
export type LateCheck = ReturnType<typeof createLateCheck>;
