import type { z } from 'zod';
import type {
  childCheckInputSchema,
  DriverVehicleDay,
  InspectionAnswer,
  inspectionInputSchema,
} from '@school-transport/shared';
import type { Transaction } from '../../../db/client.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import { refusal, wordedField } from '../../../lib/errors.js';
import { insideSpan, uploadRefusal } from '../../../lib/trip-window.js';
import { zonedDate } from '../../../lib/zoned-time.js';
import { recordAudit } from '../../platform/audit/index.js';
import { NotAnImageError, toProfileWebp } from '../../platform/uploads/index.js';
import { DEFECT_PHOTO_KIND, type InspectionServiceDeps, vehicleNotFound } from './inspection-deps.js';
import {
  checklistOfType,
  childCheckOfTrip,
  defectsOfInspection,
  driverIdOfUser,
  findInspection,
  hasInspectionOn,
  insertChildCheck,
  insertDefects,
  insertInspection,
  inspectionBlockers,
  isLastTrip,
  lastTripsOfVehicle,
  lockTripOfDriver,
  lockVehicleForDefects,
  reportedAt,
  tagOfVehicle,
  vehiclesOfDriverOn,
} from './inspection-queries.js';

/**
 * The driver's side of inspections: only for the vehicles of their own trips of today (another vehicle answers
 * 404), the inspection before the first trip and the child check after the last.
 */

type InspectionInput = z.output<typeof inspectionInputSchema>;
type ChildCheckInput = z.output<typeof childCheckInputSchema>;

/** A device clock a little ahead of the server's is tolerated; further ahead, the time is not believed. */
const CLOCK_SKEW_MS = 5 * 60_000;

const tripNotFound = () => refusal(404, { code: 'refusal.tripNotFound' });

async function ownVehicle({ db, clock, timeZone }: InspectionServiceDeps, userId: string, vehicleId: string) {
  const vehicle = (await vehiclesOfDriverOn(db, userId, zonedDate(clock(), timeZone))).find(
    (row) => row.id === vehicleId,
  );
  if (!vehicle) throw vehicleNotFound();
  return vehicle;
}

/** Decodes and re-encodes every photo before the transaction: nothing slow runs while rows are locked. */
async function storePhotos(
  deps: InspectionServiceDeps,
  photos: (string | null)[],
): Promise<(string | null)[]> {
  const stored: (string | null)[] = [];
  try {
    for (const photo of photos) {
      if (!photo) {
        stored.push(null);
        continue;
      }
      const webp = await toProfileWebp(Buffer.from(photo, 'base64')).catch((error: unknown) => {
        throw error instanceof NotAnImageError
          ? refusal(400, { code: 'refusal.inspection.photoNotImage' }, [
              wordedField('photo', { code: 'refusal.field.notImage' }),
            ])
          : error;
      });
      stored.push(await deps.storage.save(DEFECT_PHOTO_KIND, webp));
    }
    return stored;
  } catch (error) {
    await removePhotos(deps, stored);
    throw error;
  }
}

async function removePhotos({ storage }: InspectionServiceDeps, files: (string | null)[]) {
  for (const file of files) await storage.remove(DEFECT_PHOTO_KIND, file);
}

/** Each vehicle of the driver's trips today: its checklist if one is due, what blocks it, its child check. */
export async function driverVehicles(
  { db, clock, timeZone }: InspectionServiceDeps,
  userId: string,
): Promise<DriverVehicleDay[]> {
  const day = zonedDate(clock(), timeZone);
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
}

/**
 * Stores the inspection once (its device-made id), its defects, and raises VEHICLE_OUT_OF_SERVICE for each
 * out-of-service one, in one transaction with its audit entry. The vehicle row is locked against trip starts
 * first, so a start sees the defect or has already happened. A replay answers what was stored.
 */
export async function submitInspection(
  deps: InspectionServiceDeps,
  userId: string,
  driverName: string,
  input: InspectionInput,
  context: ChangeContext,
): Promise<InspectionAnswer> {
  const { db, clock, live } = deps;
  const stored = await findInspection(db, input.inspectionId);
  if (stored) return replayAnswer(deps, stored.id, stored.vehicleId, userId);
  const vehicle = await ownVehicle(deps, userId, input.vehicleId);
  const checklist = await checklistOfType(db, vehicle.type);
  if (!checklist)
    throw refusal(409, { code: 'refusal.inspection.noChecklist', params: { plate: vehicle.licensePlate } });
  const labels = new Map(checklist.items.map((item) => [item.id, item.label]));
  const unknown = input.items.find((item) => !labels.has(item.itemId));
  if (unknown) throw refusal(409, { code: 'refusal.inspection.checklistChanged' });
  const missing = checklist.items.filter((item) => !input.items.some((given) => given.itemId === item.id));
  if (missing.length)
    throw refusal(400, {
      code: 'refusal.inspection.itemsMissing',
      params: { items: missing.map((item) => item.label).join(', ') },
    });
  const completedAt = new Date(input.completedAt);
  const now = clock();
  if (completedAt.getTime() > now.getTime() + CLOCK_SKEW_MS)
    throw refusal(400, { code: 'refusal.inspection.inFuture' });
  const defectsIn = input.items.filter((item) => !item.ok);
  const photos = await storePhotos(
    deps,
    defectsIn.map((item) => item.photo),
  );
  try {
    const answer = await db.transaction((tx) =>
      storeInspection(deps, tx, {
        userId,
        driverName,
        input,
        context,
        vehicleId: vehicle.id,
        labels,
        defectsIn,
        photos,
        completedAt,
        now,
      }),
    );
    if (!answer) {
      // Another request stored the same id meanwhile: its photos are the ones kept.
      await removePhotos(deps, photos);
      return replayAnswer(deps, input.inspectionId, vehicle.id, userId);
    }
    live.committed();
    return { inspectionId: input.inspectionId, duplicate: false, ...answer };
  } catch (error) {
    await removePhotos(deps, photos);
    throw error;
  }
}

/**
 * submitInspection's transaction: the inspection, its defects (the items not ok, each with its photo already
 * stored), the out-of-service alerts and the audit entry. Null when the id was stored meanwhile.
 */
async function storeInspection(
  { timeZone, alerts }: InspectionServiceDeps,
  tx: Transaction,
  submitted: {
    userId: string;
    driverName: string;
    input: InspectionInput;
    context: ChangeContext;
    vehicleId: string;
    labels: Map<string, string>;
    defectsIn: InspectionInput['items'];
    photos: (string | null)[];
    completedAt: Date;
    now: Date;
  },
): Promise<{ defects: number; outOfService: boolean } | null> {
  const { userId, driverName, input, context, vehicleId, labels, defectsIn, photos, completedAt, now } =
    submitted;
  const locked = await lockVehicleForDefects(tx, vehicleId);
  if (!locked) throw vehicleNotFound();
  const created = await insertInspection(tx, {
    id: input.inspectionId,
    vehicleId,
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
    { id: input.inspectionId, vehicleId, openedAt: completedAt },
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
    entityId: vehicleId,
    details: {
      inspectionId: input.inspectionId,
      defects: defects.length,
      outOfService: outOfService.length,
    },
    ip: context.ip,
  });
  return { defects: defects.length, outOfService: outOfService.length > 0 };
}

/** A replayed inspection answers what was stored, to its own driver only. */
async function replayAnswer(
  deps: InspectionServiceDeps,
  inspectionId: string,
  vehicleId: string,
  userId: string,
): Promise<InspectionAnswer> {
  await ownVehicle(deps, userId, vehicleId);
  const defects = await defectsOfInspection(deps.db, inspectionId);
  return {
    inspectionId,
    duplicate: true,
    defects: defects.length,
    outOfService: defects.some((defect) => defect.outOfService),
  };
}

/**
 * Confirms the bus is empty after the trip, the vehicle's last of the day: by the tag fixed in that bus, or a
 * tap with a reason. Stored once per trip (a replay, or a second device, answers duplicate).
 */
export async function recordChildCheck(
  { db, clock, timeZone }: InspectionServiceDeps,
  userId: string,
  input: ChildCheckInput,
  context: ChangeContext,
): Promise<{ checkId: string; duplicate: boolean }> {
  return db.transaction(async (tx) => {
    const trip = await lockTripOfDriver(tx, userId, input.tripId);
    if (!trip) throw tripNotFound();
    const done = await childCheckOfTrip(tx, trip.id);
    if (done) return { checkId: done.id, duplicate: true };
    if (trip.status !== 'COMPLETED' || !trip.vehicleId || !(await isLastTrip(tx, trip.id)))
      throw refusal(409, { code: 'refusal.childCheck.notLastTrip' });
    // Made within the grace window after the trip ended, at a time between its end and now (decision 051): a
    // check sent weeks later, or dated before the children could have left, would be a record of nothing.
    const now = clock();
    const closed = uploadRefusal(trip, now, timeZone, 'childChecks');
    if (closed) throw refusal(409, closed);
    const checkedAt = new Date(input.checkedAt);
    if (!insideSpan({ startedAt: trip.completedAt, completedAt: null }, checkedAt, now))
      throw refusal(
        409,
        {
          code: 'refusal.childCheck.outsideWindow',
          params: {
            time: { clockTime: checkedAt, timeZone },
            ended: { clockTime: trip.completedAt!, timeZone },
          },
        },
        [wordedField('checkedAt', { code: 'refusal.field.checkClock' })],
      );
    if (input.method === 'TAG') {
      const expected = await tagOfVehicle(tx, trip.vehicleId);
      if (!expected)
        throw refusal(409, { code: 'refusal.childCheck.noTag', params: { plate: trip.vehiclePlate } });
      if (expected !== input.tagId)
        throw refusal(409, { code: 'refusal.childCheck.wrongTag', params: { plate: trip.vehiclePlate } }, [
          wordedField('tagId', { code: 'refusal.field.wrongTag' }),
        ]);
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
}
