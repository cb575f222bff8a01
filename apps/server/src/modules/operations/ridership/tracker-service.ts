import { timingSafeEqual } from 'node:crypto';
import {
  MAX_POSITION_ACCURACY_M,
  type osmandQuerySchema,
  type TrackerDevice,
  type trackerDeviceInputSchema,
  type TrackerListQuery,
} from '@school-transport/shared';
import type { z } from 'zod';
import type { Database } from '../../../db/client.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import type { Clock } from '../../../lib/clock.js';
import { writerFor } from '../../../lib/db-errors.js';
import { notFound, unauthorized } from '../../../lib/errors.js';
import { recordAudit } from '../../platform/audit/index.js';
import { hashToken, newToken } from '../../platform/auth/index.js';
import type { LiveLog } from '../live/index.js';
import { insideSpan } from '../../../lib/trip-window.js';
import { knotsToMetresPerSecond, trackerPositionId } from './osmand.js';
import { positionEvents, stopsEvent } from './ridership-live.js';
import {
  deleteTracker,
  insertPositions,
  insertTracker,
  listTrackers,
  startedTripOfVehicle,
  touchTracker,
  trackerByDeviceId,
  type TrackerRow,
  recordStopVisits,
} from './ridership-queries.js';

type OsmandFix = z.output<typeof osmandQuerySchema>;
type TrackerInput = z.output<typeof trackerDeviceInputSchema>;

/** Said for an unknown device and for a wrong key alike, so a caller cannot learn which device ids exist. */
const TRACKER_REFUSED = 'The tracker is not known or its key is wrong.';

const toTrackerDevice = (row: TrackerRow): TrackerDevice => ({
  id: row.id,
  deviceId: row.deviceId,
  vehicleId: row.vehicleId,
  createdAt: row.createdAt.toISOString(),
  lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
});

/** Compared in constant time; an unknown device is compared against a hash no key has, to take as long. */
const NO_DEVICE_HASH = hashToken('no such device');
function keyMatches(storedHash: string | undefined, key: string) {
  const same = timingSafeEqual(
    Buffer.from(storedHash ?? NO_DEVICE_HASH, 'hex'),
    Buffer.from(hashToken(key), 'hex'),
  );
  return same && storedHash !== undefined;
}

export interface TrackerServiceDeps {
  db: Database;
  clock: Clock;
  /** A fix of a running trip goes on the live stream, in the same transaction. */
  live: LiveLog;
}

/**
 * GPS trackers speaking OsmAnd (Traccar Client, hardware trackers): a PWA cannot report positions in the
 * background, a tracker can. Each is tied to a vehicle; its fixes go to the trip that vehicle is running.
 */
export function createTrackerService({ db, clock, live }: TrackerServiceDeps) {
  return {
    async list(query: TrackerListQuery): Promise<TrackerDevice[]> {
      return (await listTrackers(db, query.vehicleId)).map(toTrackerDevice);
    },

    /** The secret is answered once; only its hash is kept (it is 256 random bits: a plain SHA-256 suffices). */
    async create(input: TrackerInput, context: ChangeContext) {
      const secret = newToken();
      const write = writerFor(db, {
        tracker_devices_device_id_unique: {
          field: 'deviceId',
          message: `A tracker with device id ${input.deviceId} exists already.`,
        },
        tracker_devices_vehicle_id_vehicles_id_fk: {
          field: 'vehicleId',
          message: 'This vehicle no longer exists.',
        },
      });
      const row = await write(async (tx) => {
        const created = await insertTracker(tx, {
          deviceId: input.deviceId,
          vehicleId: input.vehicleId,
          secretHash: hashToken(secret),
          createdAt: clock(),
        });
        await recordAudit(tx, {
          ...context,
          action: 'tracker.created',
          entityType: 'tracker',
          entityId: created.id,
          details: { deviceId: created.deviceId, vehicleId: created.vehicleId },
        });
        return created;
      });
      return { ...toTrackerDevice(row), secret };
    },

    async remove(id: string, context: ChangeContext): Promise<void> {
      await db.transaction(async (tx) => {
        const deleted = await deleteTracker(tx, id);
        if (!deleted) throw notFound('Tracker not found.');
        await recordAudit(tx, {
          ...context,
          action: 'tracker.deleted',
          entityType: 'tracker',
          entityId: id,
          details: { deviceId: deleted.deviceId, vehicleId: deleted.vehicleId },
        });
      });
    },

    /**
     * One OsmAnd fix. Stored for the trip the vehicle is running (when its time falls in that trip's span), and then on the live stream (for the trip's
     * driver too); with no trip running it is kept with the vehicle only, for where the bus stands, and the stream
     * is told nothing: the live map shows buses on trips. A fix less accurate than the app's limit is not kept, but
     * answered 200 all the same, or the tracker would send it again and again.
     */
    async receive(fix: OsmandFix): Promise<{ stored: boolean }> {
      const device = await trackerByDeviceId(db, fix.id);
      if (!keyMatches(device?.secretHash, fix.key) || !device) throw unauthorized(TRACKER_REFUSED);
      const now = clock();
      const outcome = await db.transaction(async (tx) => {
        await touchTracker(tx, device.id, now);
        if (fix.accuracy !== undefined && fix.accuracy > MAX_POSITION_ACCURACY_M) return { stored: false };
        // The server's time for a tracker that sends none: its retries are then not recognised, a rare loss.
        const recordedAt = fix.timestamp ?? now;
        const running = await startedTripOfVehicle(tx, device.vehicleId);
        // A fix dated outside the running trip's span (a tracker replaying an old buffer, or a forged time) is kept
        // with the vehicle only: it must not move that trip's stop timeline or its on-time figures (decision 051).
        const trip = running && insideSpan(running, recordedAt, now) ? running : undefined;
        const row = {
          positionId: trackerPositionId(device.deviceId, recordedAt),
          tripId: trip?.id ?? null,
          vehicleId: device.vehicleId,
          lat: fix.lat,
          lng: fix.lon,
          accuracy: fix.accuracy ?? null,
          speed: fix.speed === undefined ? null : knotsToMetresPerSecond(fix.speed),
          heading: fix.bearing ?? null,
          recordedAt,
          receivedAt: now,
          source: 'OSMAND',
        };
        const created = await insertPositions(tx, [row]);
        if (!trip || created.length === 0) return { stored: created.length > 0, wroteLive: false };
        const driverUserId = trip.driverUserId ?? null;
        const inserted = new Set(created.map((row) => row.positionId));
        const events = [
          ...(await positionEvents(tx, inserted, [trip.id], () => driverUserId)),
          ...(
            await recordStopVisits(tx, [
              { tripId: trip.id, at: recordedAt, lat: row.lat, lng: row.lng, speed: row.speed },
            ])
          ).map((tripId) => stopsEvent(tripId, driverUserId)),
        ];
        await live.write(tx, events);
        return { stored: true, wroteLive: events.length > 0 };
      });
      if (outcome.wroteLive) live.committed();
      return { stored: outcome.stored };
    },
  };
}
export type TrackerService = ReturnType<typeof createTrackerService>;
