import type { z } from 'zod';
import type {
  Checklist,
  checklistInputSchema,
  childCheckInputSchema,
  ChildCheckRecord,
  childCheckTagInputSchema,
  closeDefectInputSchema,
  Defect,
  DriverVehicleDay,
  InspectionAnswer,
  inspectionInputSchema,
  VehicleInspections,
} from '@school-transport/shared';
import type { Database } from '../../../db/client.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import type { Clock } from '../../../lib/clock.js';
import { writerFor } from '../../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import { insideSpan, uploadRefusal } from '../../../lib/trip-window.js';
import { addDays, zonedClockTime, zonedDate } from '../../../lib/zoned-time.js';
import type { AlertService } from '../alerts/index.js';
import { recordAudit } from '../../platform/audit/index.js';
import type { LiveLog } from '../live/index.js';
import {
  type ImageStorage,
  type ImageUrls,
  NotAnImageError,
  toProfileWebp,
} from '../../platform/uploads/index.js';
import {
  checklistOfType,
  childCheckOfTrip,
  closeDefect,
  defectsOfInspection,
  deleteChecklist,
  driverIdOfUser,
  findInspection,
  findVehicle,
  hasInspectionOn,
  insertChecklist,
  insertChildCheck,
  insertDefects,
  insertInspection,
  inspectionBlockers,
  isLastTrip,
  lastTripsOfVehicle,
  latestInspections,
  listChecklists,
  lockChecklist,
  lockDefect,
  lockTripOfDriver,
  lockVehicleForDefects,
  openDefects,
  reportedAt,
  setTag,
  tagOfVehicle,
  updateChecklist,
  vehiclesOfDriverOn,
  vehicleWithTag,
} from './inspection-queries.js';

/** Defect photos are stored like profile photos, under their own kind (DATA_DIR/uploads/profile/defect). */
export const DEFECT_PHOTO_KIND = 'defect';
/** How many inspections, and how many days of child checks, the office's vehicle screen shows. */
const SHOWN_INSPECTIONS = 10;
const SHOWN_CHILD_CHECK_DAYS = 7;
/** A device clock a little ahead of the server's is tolerated; further ahead, the time is not believed. */
const CLOCK_SKEW_MS = 5 * 60_000;

const checklistTypeTaken = {
  inspection_checklists_type_unique: {
    field: 'vehicleType',
    message: 'There is already a checklist for this vehicle type.',
  },
};
/** Drizzle wraps the driver's error; pg and PGlite both carry the constraint name somewhere down the causes. */
function isTagUniqueViolation(error: unknown): boolean {
  for (let e = error as { constraint?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.constraint === 'child_check_tags_tag_unique') return true;
  }
  return false;
}
const vehicleNotFound = () => notFound('Vehicle not found.');
const tripNotFound = () => notFound('Trip not found.');

type ChecklistRow = Awaited<ReturnType<typeof listChecklists>>[number];
const toChecklist = (row: ChecklistRow): Checklist => ({
  id: row.id,
  vehicleType: row.vehicleType,
  items: row.items,
  updatedAt: row.updatedAt.toISOString(),
});

export interface InspectionServiceDeps {
  db: Database;
  clock: Clock;
  /** The operator's time zone: what "today" is, and how times read in messages. */
  timeZone: string;
  storage: ImageStorage;
  urls: ImageUrls;
  alerts: Pick<AlertService, 'raise'>;
  live: Pick<LiveLog, 'committed'>;
}

/**
 * Pre-trip inspections, their defects and the child check after the last trip: the driver's side (only for the
 * vehicles of their own trips of today; another vehicle answers 404) and the office's (checklists, closing
 * defects, the vehicle's tag, what each vehicle went through).
 */
export function createInspectionService({
  db,
  clock,
  timeZone,
  storage,
  urls,
  alerts,
  live,
}: InspectionServiceDeps) {
  const today = () => zonedDate(clock(), timeZone);
  const checklistWriter = writerFor(db, checklistTypeTaken);

  const toDefect = (row: Awaited<ReturnType<typeof openDefects>>[number]): Defect => ({
    id: row.id,
    inspectionId: row.inspectionId,
    vehicleId: row.vehicleId,
    licensePlate: row.licensePlate,
    itemLabel: row.itemLabel,
    note: row.note,
    photo: urls.urlFor(DEFECT_PHOTO_KIND, row.photo),
    outOfService: row.outOfService,
    openedAt: row.openedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    closedByName: row.closedByName,
    closeNote: row.closeNote,
  });

  async function ownVehicle(userId: string, vehicleId: string) {
    const vehicle = (await vehiclesOfDriverOn(db, userId, today())).find((row) => row.id === vehicleId);
    if (!vehicle) throw vehicleNotFound();
    return vehicle;
  }

  /** Decodes and re-encodes every photo before the transaction: nothing slow runs while rows are locked. */
  async function storePhotos(photos: (string | null)[]): Promise<(string | null)[]> {
    const stored: (string | null)[] = [];
    try {
      for (const photo of photos) {
        if (!photo) {
          stored.push(null);
          continue;
        }
        const webp = await toProfileWebp(Buffer.from(photo, 'base64')).catch((error: unknown) => {
          throw error instanceof NotAnImageError
            ? badRequest('A defect photo is not an image.', [{ field: 'photo', message: 'Not an image' }])
            : error;
        });
        stored.push(await storage.save(DEFECT_PHOTO_KIND, webp));
      }
      return stored;
    } catch (error) {
      await removePhotos(stored);
      throw error;
    }
  }

  const removePhotos = async (files: (string | null)[]) => {
    for (const file of files) await storage.remove(DEFECT_PHOTO_KIND, file);
  };

  return {
    // ---- The driver ----

    /** Each vehicle of the driver's trips today: its checklist if one is due, what blocks it, its child check. */
    async driverVehicles(userId: string): Promise<DriverVehicleDay[]> {
      const day = today();
      const vehicles = await vehiclesOfDriverOn(db, userId, day);
      return Promise.all(
        vehicles.map(async (vehicle) => {
          const [checklist, inspected, blockers, lastTrips] = await Promise.all([
            checklistOfType(db, vehicle.type),
            hasInspectionOn(db, vehicle.id, day),
            db.transaction((tx) => inspectionBlockers(tx, vehicle.id, day, timeZone)),
            lastTripsOfVehicle(db, vehicle.id, day),
          ]);
          const last = lastTrips.find((trip) => trip.tripDate === day);
          return {
            vehicleId: vehicle.id,
            licensePlate: vehicle.licensePlate,
            vehicleType: vehicle.type,
            checklist: checklist?.items ?? null,
            inspectedToday: inspected,
            blockers,
            childCheckTripId: last?.tripId ?? null,
            childCheckDone: Boolean(last?.checkId),
          };
        }),
      );
    },

    /**
     * Stores the inspection once (its device-made id), its defects, and raises VEHICLE_OUT_OF_SERVICE for each
     * out-of-service one, in one transaction with its audit entry. The vehicle row is locked against trip starts
     * first, so a start sees the defect or has already happened. A replay answers what was stored.
     */
    async submit(
      userId: string,
      driverName: string,
      input: z.output<typeof inspectionInputSchema>,
      context: ChangeContext,
    ): Promise<InspectionAnswer> {
      const stored = await findInspection(db, input.inspectionId);
      if (stored) return replayAnswer(stored.id, stored.vehicleId, userId);
      const vehicle = await ownVehicle(userId, input.vehicleId);
      const checklist = await checklistOfType(db, vehicle.type);
      if (!checklist) throw conflict(`Vehicle ${vehicle.licensePlate} has no checklist to go through.`);
      const labels = new Map(checklist.items.map((item) => [item.id, item.label]));
      const unknown = input.items.find((item) => !labels.has(item.itemId));
      if (unknown) throw conflict('The checklist changed since it was loaded. Reload it and check again.');
      const missing = checklist.items.filter(
        (item) => !input.items.some((given) => given.itemId === item.id),
      );
      if (missing.length)
        throw badRequest(`Check every item: ${missing.map((item) => item.label).join(', ')}.`);
      const completedAt = new Date(input.completedAt);
      const now = clock();
      if (completedAt.getTime() > now.getTime() + CLOCK_SKEW_MS)
        throw badRequest('The inspection is dated in the future: check the phone’s clock.');
      const defectsIn = input.items.filter((item) => !item.ok);
      const photos = await storePhotos(defectsIn.map((item) => item.photo));
      try {
        const answer = await db.transaction(async (tx) => {
          const locked = await lockVehicleForDefects(tx, vehicle.id);
          if (!locked) throw vehicleNotFound();
          const created = await insertInspection(tx, {
            id: input.inspectionId,
            vehicleId: vehicle.id,
            driverId: await driverIdOfUser(tx, userId),
            driverName,
            inspectedOn: zonedDate(completedAt, timeZone),
            items: input.items.map((item) => ({
              itemId: item.itemId,
              label: labels.get(item.itemId)!,
              ok: item.ok,
              note: item.note,
            })),
            completedAt,
            receivedAt: now,
          });
          if (!created) return null;
          const defects = await insertDefects(
            tx,
            { id: input.inspectionId, vehicleId: vehicle.id, openedAt: completedAt },
            defectsIn.map((item, index) => ({
              itemLabel: labels.get(item.itemId)!,
              note: item.note,
              photo: photos[index] ?? null,
              outOfService: item.outOfService,
            })),
          );
          const outOfService = defects.filter((defect) => defect.outOfService);
          await alerts.raise(
            tx,
            outOfService.map((defect) => ({
              kind: 'VEHICLE_OUT_OF_SERVICE' as const,
              cause: `VEHICLE_OUT_OF_SERVICE:${defect.id}`,
              tripId: null,
              message: `Vehicle ${locked.licensePlate} is out of service: ${defect.itemLabel}${defect.note ? ` — ${defect.note}` : ''} (reported ${reportedAt(completedAt, timeZone)} by ${driverName}).`,
              raisedAt: now,
            })),
          );
          await recordAudit(tx, {
            actor: context.actor,
            action: 'inspection.submit',
            entityType: 'vehicle',
            entityId: vehicle.id,
            details: {
              inspectionId: input.inspectionId,
              defects: defects.length,
              outOfService: outOfService.length,
            },
            ip: context.ip,
          });
          return { defects: defects.length, outOfService: outOfService.length > 0 };
        });
        if (!answer) {
          // Another request stored the same id meanwhile: its photos are the ones kept.
          await removePhotos(photos);
          return replayAnswer(input.inspectionId, vehicle.id, userId);
        }
        live.committed();
        return { inspectionId: input.inspectionId, duplicate: false, ...answer };
      } catch (error) {
        await removePhotos(photos);
        throw error;
      }
    },

    /**
     * Confirms the bus is empty after the trip, the vehicle's last of the day: by the tag fixed in that bus, or a
     * tap with a reason. Stored once per trip (a replay, or a second device, answers duplicate).
     */
    async childCheck(
      userId: string,
      input: z.output<typeof childCheckInputSchema>,
      context: ChangeContext,
    ): Promise<{ checkId: string; duplicate: boolean }> {
      return db.transaction(async (tx) => {
        const trip = await lockTripOfDriver(tx, userId, input.tripId);
        if (!trip) throw tripNotFound();
        const done = await childCheckOfTrip(tx, trip.id);
        if (done) return { checkId: done.id, duplicate: true };
        if (trip.status !== 'COMPLETED' || !trip.vehicleId || !(await isLastTrip(tx, trip.id)))
          throw conflict(
            'The child check is made after the last trip of the day with this bus, once it is finished.',
          );
        // Made within the grace window after the trip ended, at a time between its end and now (decision 051): a
        // check sent weeks later, or dated before the children could have left, would be a record of nothing.
        const now = clock();
        const closed = uploadRefusal(trip, now, timeZone, 'child checks');
        if (closed) throw conflict(closed);
        const checkedAt = new Date(input.checkedAt);
        if (!insideSpan({ startedAt: trip.completedAt, completedAt: null }, checkedAt, now))
          throw conflict(
            `A child check at ${zonedClockTime(checkedAt, timeZone)} is not between the trip's end (${zonedClockTime(trip.completedAt!, timeZone)}) and now; nothing was recorded.`,
            [{ field: 'checkedAt', message: 'Check the phone’s clock' }],
          );
        if (input.method === 'TAG') {
          const expected = await tagOfVehicle(tx, trip.vehicleId);
          if (!expected)
            throw conflict(`No tag is fixed in ${trip.vehiclePlate} yet: tap and give the reason.`);
          if (expected !== input.tagId)
            throw conflict(
              `This is not the tag of ${trip.vehiclePlate}. Scan the tag at the back of the bus.`,
              [{ field: 'tagId', message: 'Not this bus’s tag' }],
            );
        }
        await insertChildCheck(tx, {
          id: input.checkId,
          tripId: trip.id,
          vehicleId: trip.vehicleId,
          method: input.method,
          tagId: input.method === 'TAG' ? input.tagId : null,
          reason: input.method === 'TAP' ? input.reason : null,
          checkedBy: userId,
          checkedAt,
          receivedAt: clock(),
        });
        await recordAudit(tx, {
          actor: context.actor,
          action: 'inspection.child-check',
          entityType: 'trip',
          entityId: trip.id,
          details: { method: input.method, vehicleId: trip.vehicleId },
          ip: context.ip,
        });
        return { checkId: input.checkId, duplicate: false };
      });
    },

    // ---- The office ----

    async checklists(): Promise<Checklist[]> {
      return (await listChecklists(db)).map(toChecklist);
    },

    async createChecklist(input: z.output<typeof checklistInputSchema>, context: ChangeContext) {
      return checklistWriter(async (tx) => {
        const row = await insertChecklist(tx, input);
        await recordAudit(tx, {
          actor: context.actor,
          action: 'inspection-checklist.create',
          entityType: 'inspection-checklist',
          entityId: row.id,
          details: { vehicleType: row.vehicleType, items: row.items.length },
          ip: context.ip,
        });
        return toChecklist(row);
      });
    },

    async updateChecklist(id: string, input: z.output<typeof checklistInputSchema>, context: ChangeContext) {
      return checklistWriter(async (tx) => {
        if (!(await lockChecklist(tx, id))) throw notFound('Checklist not found.');
        const row = await updateChecklist(tx, id, input);
        await recordAudit(tx, {
          actor: context.actor,
          action: 'inspection-checklist.update',
          entityType: 'inspection-checklist',
          entityId: id,
          details: { vehicleType: row.vehicleType, items: row.items.length },
          ip: context.ip,
        });
        return toChecklist(row);
      });
    },

    async deleteChecklist(id: string, context: ChangeContext): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await lockChecklist(tx, id);
        if (!row) throw notFound('Checklist not found.');
        await deleteChecklist(tx, id);
        await recordAudit(tx, {
          actor: context.actor,
          action: 'inspection-checklist.delete',
          entityType: 'inspection-checklist',
          entityId: id,
          details: { vehicleType: row.vehicleType },
          ip: context.ip,
        });
      });
    },

    async openDefects(): Promise<Defect[]> {
      return (await openDefects(db)).map(toDefect);
    },

    /** What the office sees of one vehicle: inspections, open defects, its tag and its recent child checks. */
    async ofVehicle(vehicleId: string): Promise<VehicleInspections> {
      const vehicle = await findVehicle(db, vehicleId);
      if (!vehicle) throw vehicleNotFound();
      const day = today();
      const [checklist, tagId, inspections, defects, lastTrips] = await Promise.all([
        checklistOfType(db, vehicle.type),
        tagOfVehicle(db, vehicleId),
        latestInspections(db, vehicleId, SHOWN_INSPECTIONS),
        openDefects(db, vehicleId),
        lastTripsOfVehicle(db, vehicleId, addDays(day, 1 - SHOWN_CHILD_CHECK_DAYS)),
      ]);
      return {
        vehicleId,
        licensePlate: vehicle.licensePlate,
        vehicleType: vehicle.type,
        needsInspection: Boolean(checklist),
        tagId,
        inspections: inspections.map((row) => ({
          id: row.id,
          inspectedOn: row.inspectedOn,
          driverName: row.driverName,
          completedAt: row.completedAt.toISOString(),
          items: row.items,
        })),
        openDefects: defects.map(toDefect),
        childChecks: lastTrips.map((trip): ChildCheckRecord => ({
          tripId: trip.tripId,
          tripDate: trip.tripDate,
          routeName: trip.routeName,
          completedAt: trip.completedAt!.toISOString(),
          method: trip.method,
          reason: trip.reason,
          checkedAt: trip.checkedAt?.toISOString() ?? null,
        })),
      };
    },

    /** Closes a defect with the admin's note: an out-of-service vehicle may start again once none is left open. */
    async closeDefect(
      id: string,
      input: z.output<typeof closeDefectInputSchema>,
      adminName: string,
      context: ChangeContext,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const defect = await lockDefect(tx, id);
        if (!defect) throw notFound('Defect not found.');
        if (defect.closedAt)
          throw conflict(`This defect was already closed by ${defect.closedByName ?? 'an admin'}.`);
        await closeDefect(tx, id, {
          closedAt: clock(),
          closedBy: context.actor.id,
          closedByName: adminName,
          closeNote: input.note,
        });
        await recordAudit(tx, {
          actor: context.actor,
          action: 'inspection-defect.close',
          entityType: 'vehicle',
          entityId: defect.vehicleId,
          details: {
            defectId: id,
            item: defect.itemLabel,
            outOfService: defect.outOfService,
            note: input.note,
          },
          ip: context.ip,
        });
      });
    },

    /** Fixes (or replaces) the vehicle's child-check tag; a tag fixed in another bus is refused, naming it. */
    async setTag(
      vehicleId: string,
      input: z.output<typeof childCheckTagInputSchema>,
      context: ChangeContext,
    ): Promise<{ tagId: string }> {
      const tagId = input.tagId!;
      const tagTaken = (plate: string) =>
        conflict(`This tag is already fixed in bus ${plate}.`, [
          { field: 'tagId', message: 'Already fixed in another bus' },
        ]);
      try {
        await db.transaction(async (tx) => {
          if (!(await findVehicle(tx, vehicleId))) throw vehicleNotFound();
          const holder = await vehicleWithTag(tx, tagId);
          if (holder && holder.vehicleId !== vehicleId) throw tagTaken(holder.licensePlate);
          await setTag(tx, vehicleId, tagId);
          await recordAudit(tx, {
            actor: context.actor,
            action: 'inspection-tag.set',
            entityType: 'vehicle',
            entityId: vehicleId,
            details: { tagId },
            ip: context.ip,
          });
        });
      } catch (error) {
        // Two admins fixing one tag at once: the unique index decides; the message names the bus that won.
        if (!isTagUniqueViolation(error)) throw error;
        throw tagTaken((await vehicleWithTag(db, tagId))?.licensePlate ?? 'another vehicle');
      }
      return { tagId };
    },
  };

  /** A replayed inspection answers what was stored, to its own driver only. */
  async function replayAnswer(
    inspectionId: string,
    vehicleId: string,
    userId: string,
  ): Promise<InspectionAnswer> {
    await ownVehicle(userId, vehicleId);
    const defects = await defectsOfInspection(db, inspectionId);
    return {
      inspectionId,
      duplicate: true,
      defects: defects.length,
      outOfService: defects.some((defect) => defect.outOfService),
    };
  }
}
export type InspectionService = ReturnType<typeof createInspectionService>;
