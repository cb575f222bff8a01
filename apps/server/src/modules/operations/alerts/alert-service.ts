import { RUN_NAMES, type Alert, type TripType } from '@school-transport/shared';
import type { Database, Executor } from '../../../db/client.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import type { Clock } from '../../../lib/clock.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { zonedClockTime, zonedDate, zonedInstant } from '../../../lib/zoned-time.js';
import { recordAudit } from '../../platform/audit/index.js';
import type { LiveLog } from '../live/index.js';
import {
  acknowledgeAlert,
  alertsByIds,
  listAlerts,
  lockAlert,
  raiseAlerts,
  type AlertInput,
} from './alert-queries.js';

export type { AlertInput } from './alert-queries.js';

/** How an alert's message names a trip: `route "North 1"'s morning run`. Route names are never a child's. */
export const tripInWords = (trip: { routeName: string; type: TripType }) =>
  `the ${RUN_NAMES[trip.type]} of ${trip.routeName}`;

type AlertRow = Awaited<ReturnType<typeof alertsByIds>>[number];

const toAlert = (row: AlertRow): Alert => ({
  id: row.id,
  kind: row.kind,
  tripId: row.tripId,
  routeName: row.routeName,
  studentId: row.studentId,
  studentName: row.studentName,
  message: row.message,
  raisedAt: row.raisedAt.toISOString(),
  acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
  acknowledgedBy: row.acknowledgedBy,
});

/**
 * Alerts go on the live stream for the office only (no driver user): an alert may be about a child of another bus,
 * whose name a driver must not learn (decision 024), and it is the office that acknowledges it.
 */
const alertEvent = (alert: Alert) => ({
  type: 'alert' as const,
  tripId: alert.tripId,
  driverUserId: null,
  payload: alert,
});

export interface AlertServiceDeps {
  db: Database;
  clock: Clock;
  live: LiveLog;
  /** The operator's time zone: "today's" alerts, and the time in a refusal. */
  timeZone: string;
}

/**
 * What the server noticed and a person must see. Raised by the module that notices (an ingest, the driver's
 * finish, the periodic checks), once per cause; listed for the dispatchers; acknowledged by one of them, audited.
 */
export function createAlertService({ db, clock, live, timeZone }: AlertServiceDeps) {
  return {
    /**
     * Raises the alerts whose cause has none yet, in the caller's transaction, and writes each raised one to the
     * live stream there; the caller calls `live.committed()` once that transaction commits. Answers the raised ones.
     */
    async raise(tx: Executor, inputs: AlertInput[]): Promise<Alert[]> {
      const raised = await raiseAlerts(tx, inputs);
      if (!raised.length) return [];
      const alerts = (
        await alertsByIds(
          tx,
          raised.map((row) => row.id),
        )
      ).map(toAlert);
      await live.write(tx, alerts.map(alertEvent));
      return alerts;
    },

    /** Open: not acknowledged yet, whenever raised. All: those, and the ones raised today that were acknowledged. */
    async list({ state }: { state: 'open' | 'all' }): Promise<Alert[]> {
      const now = clock();
      const startOfToday = zonedInstant(zonedDate(now, timeZone), '00:00', timeZone);
      return (await listAlerts(db, state === 'all' ? startOfToday : null)).map(toAlert);
    },

    /**
     * Marks the alert seen, once: a second person is told who saw it and when (409). Audited, and sent on the live
     * stream so every dispatcher's screen drops it.
     */
    async acknowledge(id: string, context: ChangeContext): Promise<Alert> {
      const alert = await db.transaction(async (tx) => {
        const row = await lockAlert(tx, id);
        if (!row) throw notFound('Alert not found.');
        if (row.acknowledgedAt) {
          const day = zonedDate(row.acknowledgedAt, timeZone);
          const when = `${day === zonedDate(clock(), timeZone) ? '' : `${day} `}${zonedClockTime(row.acknowledgedAt, timeZone)}`;
          throw conflict(
            `This alert was acknowledged already, by ${row.acknowledgedByName ?? 'a user since removed'} at ${when}.`,
          );
        }
        await acknowledgeAlert(tx, id, context.actor.id, clock());
        await recordAudit(tx, {
          ...context,
          action: 'alert.acknowledged',
          entityType: 'alert',
          entityId: id,
          details: { kind: row.kind, tripId: row.tripId },
        });
        const [acknowledged] = await alertsByIds(tx, [id]);
        const shown = toAlert(acknowledged!);
        await live.write(tx, [alertEvent(shown)]);
        return shown;
      });
      live.committed();
      return alert;
    },
  };
}
export type AlertService = ReturnType<typeof createAlertService>;
