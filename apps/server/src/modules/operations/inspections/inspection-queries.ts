import { and, asc, desc, eq, getTableColumns, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import {
  childChecks,
  childCheckTags,
  drivers,
  inspectionChecklists,
  inspectionDefects,
  inspections,
  trips,
  vehicles,
} from '../../../db/schema/index.js';

/** The SQL of pre-trip inspections, defects and child checks (rules in inspection-service.ts). */

const dayMonth = new Map<string, Intl.DateTimeFormat>();
/** "24 Nov 07:02" in the operator's zone: how a refusal dates the defect. */
export function reportedAt(instant: Date, timeZone: string): string {
  let formatter = dayMonth.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    dayMonth.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.day} ${parts.month} ${parts.hour}:${parts.minute}`;
}

/**
 * The vehicle row, locked FOR SHARE until the transaction ends. A trip start reads it this way and a defect report
 * (which locks it FOR UPDATE, see lockVehicleForDefects) waits for the start to commit, or the start waits for the
 * report: the start never misses an out-of-service defect committed alongside it.
 */
export async function vehicleSharedLock(tx: Executor, vehicleId: string) {
  const [row] = await tx
    .select({ id: vehicles.id, licensePlate: vehicles.licensePlate, type: vehicles.type })
    .from(vehicles)
    .where(eq(vehicles.id, vehicleId))
    .for('share');
  return row;
}

/** The vehicle row, locked against starts (which hold it FOR SHARE) while defects are written. */
export async function lockVehicleForDefects(tx: Executor, vehicleId: string) {
  const [row] = await tx
    .select({ id: vehicles.id, licensePlate: vehicles.licensePlate, type: vehicles.type })
    .from(vehicles)
    .where(eq(vehicles.id, vehicleId))
    .for('update');
  return row;
}

/** The checklist of a vehicle type, compared without case (the unique index is on lower(vehicle_type)). */
export async function checklistOfType(db: Executor, vehicleType: string) {
  const [row] = await db
    .select()
    .from(inspectionChecklists)
    .where(sql`lower(${inspectionChecklists.vehicleType}) = lower(${vehicleType})`);
  return row;
}

export function openOutOfServiceDefects(db: Executor, vehicleId: string) {
  return db
    .select()
    .from(inspectionDefects)
    .where(
      and(
        eq(inspectionDefects.vehicleId, vehicleId),
        isNull(inspectionDefects.closedAt),
        eq(inspectionDefects.outOfService, true),
      ),
    )
    .orderBy(asc(inspectionDefects.openedAt));
}

export async function hasInspectionOn(db: Executor, vehicleId: string, day: string): Promise<boolean> {
  const [row] = await db
    .select({ id: inspections.id })
    .from(inspections)
    .where(and(eq(inspections.vehicleId, vehicleId), eq(inspections.inspectedOn, day)))
    .limit(1);
  return row !== undefined;
}

/**
 * Why the vehicle may not start a trip on the operator's `day`, in words, or [] when nothing stops it: every open
 * out-of-service defect, and a missing inspection when its type has a checklist. Called inside the trip-start
 * transaction; the vehicle row stays locked FOR SHARE so a defect reported at the same moment is seen or waits.
 * `timeZone` dates the defects in the operator's zone. Without `inspectionDue` (a cover made ahead of the run,
 * decision 054), only the defects: the inspection is asked for when the trip starts.
 */
export async function inspectionBlockers(
  tx: Executor,
  vehicleId: string,
  day: string,
  timeZone = 'UTC',
  { inspectionDue = true } = {},
): Promise<string[]> {
  const vehicle = await vehicleSharedLock(tx, vehicleId);
  if (!vehicle) return [];
  const blockers = (await openOutOfServiceDefects(tx, vehicleId)).map((defect) => {
    const what = defect.note ? `${defect.itemLabel} — ${defect.note}` : defect.itemLabel;
    return `Vehicle ${vehicle.licensePlate} is out of service: ${what} (reported ${reportedAt(defect.openedAt, timeZone)}).`;
  });
  const checklist = await checklistOfType(tx, vehicle.type);
  if (inspectionDue && checklist && !(await hasInspectionOn(tx, vehicleId, day))) {
    blockers.push(`No pre-trip inspection of ${vehicle.licensePlate} today.`);
  }
  return blockers;
}

// ---- Checklists (the office) ----

export function listChecklists(db: Executor) {
  return db
    .select()
    .from(inspectionChecklists)
    .orderBy(asc(sql`lower(${inspectionChecklists.vehicleType})`));
}

export async function insertChecklist(tx: Executor, values: { vehicleType: string; items: ChecklistItem[] }) {
  const [row] = await tx.insert(inspectionChecklists).values(values).returning();
  return row!;
}

export async function lockChecklist(tx: Executor, id: string) {
  const [row] = await tx
    .select()
    .from(inspectionChecklists)
    .where(eq(inspectionChecklists.id, id))
    .for('update');
  return row;
}

export async function updateChecklist(
  tx: Executor,
  id: string,
  values: { vehicleType: string; items: ChecklistItem[] },
) {
  const [row] = await tx
    .update(inspectionChecklists)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(inspectionChecklists.id, id))
    .returning();
  return row!;
}

export async function deleteChecklist(tx: Executor, id: string) {
  await tx.delete(inspectionChecklists).where(eq(inspectionChecklists.id, id));
}

type ChecklistItem = { id: string; label: string };

// ---- The driver's vehicles ----

/**
 * The trips the user drives as their driver record says. Not the trips module's drivenBy: the trips module reaches
 * this one through the start gate (compliance), so importing it back would close a circle. A PENDING trip whose
 * assignment moved to another driver is refreshed onto them (pendingTripsFollowAssignment), so the ids agree.
 */
export const drivenByUser = (userId: string) =>
  sql`${trips.driverId} in (select ${drivers.id} from ${drivers} where ${drivers.userId} = ${userId})`;

/** The user's trip of `day`, locked until the transaction ends: the child check is made for it. */
export async function lockTripOfDriver(tx: Executor, userId: string, tripId: string) {
  const [row] = await tx
    .select()
    .from(trips)
    .where(and(eq(trips.id, tripId), drivenByUser(userId)))
    .for('update');
  return row;
}

/** The vehicles of the user's trips of `day` (as the driver app lists them), each once, by plate. */
export function vehiclesOfDriverOn(db: Executor, userId: string, day: string) {
  return db
    .selectDistinct({ id: vehicles.id, licensePlate: vehicles.licensePlate, type: vehicles.type })
    .from(trips)
    .innerJoin(vehicles, eq(vehicles.id, trips.vehicleId))
    .where(and(drivenByUser(userId), eq(trips.tripDate, day)))
    .orderBy(asc(vehicles.licensePlate));
}

// ---- Inspections and defects ----

export interface NewDefect {
  itemLabel: string;
  note: string | null;
  photo: string | null;
  outOfService: boolean;
}

/** Stores the inspection unless its device-made id is already stored; answers whether it was new. */
export async function insertInspection(
  tx: Executor,
  values: typeof inspections.$inferInsert,
): Promise<boolean> {
  const rows = await tx
    .insert(inspections)
    .values(values)
    .onConflictDoNothing({ target: inspections.id })
    .returning({ id: inspections.id });
  return rows.length > 0;
}

export async function insertDefects(
  tx: Executor,
  inspection: { id: string; vehicleId: string; openedAt: Date },
  defects: NewDefect[],
) {
  if (!defects.length) return [];
  return tx
    .insert(inspectionDefects)
    .values(
      defects.map((defect) => ({
        ...defect,
        inspectionId: inspection.id,
        vehicleId: inspection.vehicleId,
        openedAt: inspection.openedAt,
      })),
    )
    .returning();
}

export async function findInspection(db: Executor, id: string) {
  const [row] = await db.select().from(inspections).where(eq(inspections.id, id));
  return row;
}

export function defectsOfInspection(db: Executor, inspectionId: string) {
  return db.select().from(inspectionDefects).where(eq(inspectionDefects.inspectionId, inspectionId));
}

export function latestInspections(db: Executor, vehicleId: string, limit: number) {
  return db
    .select()
    .from(inspections)
    .where(eq(inspections.vehicleId, vehicleId))
    .orderBy(desc(inspections.inspectedOn), desc(inspections.completedAt))
    .limit(limit);
}

/** Open defects with their vehicle's plate, those taking a vehicle off the road first, then oldest first. */
export function openDefects(db: Executor, vehicleId?: string) {
  return db
    .select({ ...getTableColumns(inspectionDefects), licensePlate: vehicles.licensePlate })
    .from(inspectionDefects)
    .innerJoin(vehicles, eq(vehicles.id, inspectionDefects.vehicleId))
    .where(
      and(
        isNull(inspectionDefects.closedAt),
        vehicleId ? eq(inspectionDefects.vehicleId, vehicleId) : undefined,
      ),
    )
    .orderBy(
      desc(inspectionDefects.outOfService),
      asc(inspectionDefects.openedAt),
      asc(inspectionDefects.id),
    );
}

export async function lockDefect(tx: Executor, id: string) {
  const [row] = await tx.select().from(inspectionDefects).where(eq(inspectionDefects.id, id)).for('update');
  return row;
}

export async function closeDefect(
  tx: Executor,
  id: string,
  values: { closedAt: Date; closedBy: string; closedByName: string; closeNote: string },
) {
  await tx.update(inspectionDefects).set(values).where(eq(inspectionDefects.id, id));
}

export async function findVehicle(db: Executor, id: string) {
  const [row] = await db
    .select({ id: vehicles.id, licensePlate: vehicles.licensePlate, type: vehicles.type })
    .from(vehicles)
    .where(eq(vehicles.id, id));
  return row;
}

// ---- Child-check tags and checks ----

export async function tagOfVehicle(db: Executor, vehicleId: string): Promise<string | null> {
  const [row] = await db
    .select({ tagId: childCheckTags.tagId })
    .from(childCheckTags)
    .where(eq(childCheckTags.vehicleId, vehicleId));
  return row?.tagId ?? null;
}

/** The vehicle that has this tag fixed, if any: what a 409 names. */
export async function vehicleWithTag(db: Executor, tagId: string) {
  const [row] = await db
    .select({ vehicleId: childCheckTags.vehicleId, licensePlate: vehicles.licensePlate })
    .from(childCheckTags)
    .innerJoin(vehicles, eq(vehicles.id, childCheckTags.vehicleId))
    .where(eq(childCheckTags.tagId, tagId));
  return row;
}

export async function setTag(tx: Executor, vehicleId: string, tagId: string) {
  await tx
    .insert(childCheckTags)
    .values({ vehicleId, tagId })
    .onConflictDoUpdate({ target: childCheckTags.vehicleId, set: { tagId, updatedAt: new Date() } });
}

/**
 * A finished trip after which its vehicle has nothing left that day: no PENDING or STARTED trip of the same
 * vehicle and date, and no trip of it finished later. The child check is due after such a trip.
 */
const isLastTripOfVehicle = (() => {
  // Both tables named in full: in a one-table query Drizzle leaves names bare, which the sub-select would misread.
  const outer = (column: { name: string }) => sql`${trips}.${sql.identifier(column.name)}`;
  const later = (column: { name: string }) => sql`later_trips.${sql.identifier(column.name)}`;
  return sql`${outer(trips.status)} = 'COMPLETED' and ${outer(trips.vehicleId)} is not null and not exists (
  select 1 from ${trips} later_trips where ${later(trips.vehicleId)} = ${outer(trips.vehicleId)}
    and ${later(trips.tripDate)} = ${outer(trips.tripDate)} and ${later(trips.id)} <> ${outer(trips.id)}
    and (${later(trips.status)} in ('PENDING', 'STARTED')
      or (${later(trips.status)} = 'COMPLETED' and ${later(trips.completedAt)} > ${outer(trips.completedAt)})))`;
})();

const lastTripColumns = {
  tripId: trips.id,
  tripDate: trips.tripDate,
  type: trips.type,
  routeName: trips.routeName,
  vehicleId: trips.vehicleId,
  vehiclePlate: trips.vehiclePlate,
  completedAt: trips.completedAt,
  checkId: childChecks.id,
  method: childChecks.method,
  reason: childChecks.reason,
  checkedAt: childChecks.checkedAt,
};

/** The last trips of the vehicle on its days from `since` on, newest first, each with its child check if done. */
export function lastTripsOfVehicle(db: Executor, vehicleId: string, since: string) {
  return db
    .select(lastTripColumns)
    .from(trips)
    .leftJoin(childChecks, eq(childChecks.tripId, trips.id))
    .where(and(eq(trips.vehicleId, vehicleId), gte(trips.tripDate, since), isLastTripOfVehicle))
    .orderBy(desc(trips.tripDate), desc(trips.completedAt));
}

/** Whether the trip is now the last of its vehicle's day (its child check may be made). */
export async function isLastTrip(db: Executor, tripId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: trips.id })
    .from(trips)
    .where(and(eq(trips.id, tripId), isLastTripOfVehicle));
  return row !== undefined;
}

/** Last trips of `days` finished at or before `finishedBy` and still without a child check: CHILD_CHECK_MISSING. */
export function uncheckedLastTrips(db: Executor, days: string[], finishedBy: Date) {
  return db
    .select(lastTripColumns)
    .from(trips)
    .leftJoin(childChecks, eq(childChecks.tripId, trips.id))
    .where(
      and(
        inArray(trips.tripDate, days),
        lte(trips.completedAt, finishedBy),
        isNull(childChecks.id),
        isLastTripOfVehicle,
      ),
    );
}

/** Stores the check unless its device-made id, or a check of the same trip, is already stored. */
export async function insertChildCheck(
  tx: Executor,
  values: typeof childChecks.$inferInsert,
): Promise<boolean> {
  const rows = await tx
    .insert(childChecks)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: childChecks.id });
  return rows.length > 0;
}

export async function childCheckOfTrip(db: Executor, tripId: string) {
  const [row] = await db.select().from(childChecks).where(eq(childChecks.tripId, tripId));
  return row;
}

export async function driverIdOfUser(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ id: drivers.id }).from(drivers).where(eq(drivers.userId, userId));
  return row?.id ?? null;
}
