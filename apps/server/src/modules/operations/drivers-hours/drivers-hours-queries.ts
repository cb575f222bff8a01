import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { driverShiftCorrections, driverShifts, drivers, trips, users } from '../../../db/schema/index.js';

/** All SQL of drivers' hours (decision 074). */

export type ShiftRow = typeof driverShifts.$inferSelect;
export type CorrectionRow = typeof driverShiftCorrections.$inferSelect;

/** A driver's id and name (on their user), or null. */
async function driverWhere(db: Executor, where: SQL) {
  const [row] = await db
    .select({ id: drivers.id, name: users.name })
    .from(drivers)
    .innerJoin(users, eq(users.id, drivers.userId))
    .where(where);
  return row ?? null;
}

/** The driver record of a signed-in user. */
export const driverOfUser = (db: Executor, userId: string) => driverWhere(db, eq(drivers.userId, userId));

export const driverById = (db: Executor, driverId: string) => driverWhere(db, eq(drivers.id, driverId));

/**
 * Locks the driver's row for the rest of the transaction: a driver's taps (two phones, a replay beside a live tap)
 * are decided one after the other, so "already clocked in" and "already stored" are read as they are.
 */
export async function lockDriver(tx: Executor, driverId: string): Promise<void> {
  await tx.select({ id: drivers.id }).from(drivers).where(eq(drivers.id, driverId)).for('update');
}

/** The shift a tap with this device-made id opened or closed, if it was stored already. */
export async function shiftOfTap(db: Executor, clientId: string): Promise<ShiftRow | null> {
  const [row] = await db
    .select()
    .from(driverShifts)
    .where(or(eq(driverShifts.clockInClientId, clientId), eq(driverShifts.clockOutClientId, clientId)));
  return row ?? null;
}

export async function openShiftOf(db: Executor, driverId: string): Promise<ShiftRow | null> {
  const [row] = await db
    .select()
    .from(driverShifts)
    .where(and(eq(driverShifts.driverId, driverId), isNull(driverShifts.clockOutAt)));
  return row ?? null;
}

/** The driver's latest closed shift: a clock-in must not fall inside it. */
export async function lastClosedShiftOf(db: Executor, driverId: string): Promise<ShiftRow | null> {
  const [row] = await db
    .select()
    .from(driverShifts)
    .where(and(eq(driverShifts.driverId, driverId), isNotNull(driverShifts.clockOutAt)))
    .orderBy(desc(driverShifts.clockOutAt))
    .limit(1);
  return row ?? null;
}

export async function insertShift(tx: Executor, values: typeof driverShifts.$inferInsert): Promise<ShiftRow> {
  const [row] = await tx.insert(driverShifts).values(values).returning();
  return row!;
}

export async function closeShift(
  tx: Executor,
  shiftId: string,
  values: Pick<
    ShiftRow,
    'clockOutAt' | 'tappedOutAt' | 'clockOutLat' | 'clockOutLng' | 'clockOutClientId' | 'receivedOutAt'
  >,
): Promise<ShiftRow> {
  const [row] = await tx.update(driverShifts).set(values).where(eq(driverShifts.id, shiftId)).returning();
  return row!;
}

/** The shifts of a driver that began in [from, to). */
export function shiftsBetween(db: Executor, driverId: string, from: Date, to: Date): Promise<ShiftRow[]> {
  return db
    .select()
    .from(driverShifts)
    .where(
      and(
        eq(driverShifts.driverId, driverId),
        gte(driverShifts.clockInAt, from),
        lt(driverShifts.clockInAt, to),
      ),
    )
    .orderBy(asc(driverShifts.clockInAt));
}

/** Every open shift that began before `before`, oldest first, with its driver's name: likely forgotten clock-outs. */
export function openShiftsBefore(db: Executor, before: Date) {
  return db
    .select({ shift: driverShifts, driverName: users.name })
    .from(driverShifts)
    .innerJoin(drivers, eq(drivers.id, driverShifts.driverId))
    .innerJoin(users, eq(users.id, drivers.userId))
    .where(and(isNull(driverShifts.clockOutAt), lt(driverShifts.clockInAt, before)))
    .orderBy(asc(driverShifts.clockInAt));
}

export function correctionsOf(db: Executor, shiftIds: string[]): Promise<CorrectionRow[]> {
  if (shiftIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(driverShiftCorrections)
    .where(inArray(driverShiftCorrections.shiftId, shiftIds))
    .orderBy(asc(driverShiftCorrections.correctedAt));
}

/** The trips a driver drove to the end that started in [from, to): their actual start and finish. */
export function drivenTripsBetween(db: Executor, driverId: string, from: Date, to: Date) {
  return db
    .select({
      id: trips.id,
      routeName: trips.routeName,
      type: trips.type,
      startedAt: trips.startedAt,
      completedAt: trips.completedAt,
    })
    .from(trips)
    .where(
      and(
        eq(trips.driverId, driverId),
        isNotNull(trips.startedAt),
        isNotNull(trips.completedAt),
        gte(trips.startedAt, from),
        lt(trips.startedAt, to),
      ),
    )
    .orderBy(asc(trips.startedAt));
}

export async function lockShift(tx: Executor, shiftId: string): Promise<ShiftRow | null> {
  const [row] = await tx.select().from(driverShifts).where(eq(driverShifts.id, shiftId)).for('update');
  return row ?? null;
}

/** Another shift of the driver (than `shiftId`, null: any) that the times [from, to) would overlap. */
export async function overlappingShift(
  db: Executor,
  driverId: string,
  shiftId: string | null,
  from: Date,
  to: Date,
): Promise<ShiftRow | null> {
  const [row] = await db
    .select()
    .from(driverShifts)
    .where(
      and(
        eq(driverShifts.driverId, driverId),
        shiftId ? ne(driverShifts.id, shiftId) : undefined,
        lt(driverShifts.clockInAt, to),
        or(isNull(driverShifts.clockOutAt), sql`${driverShifts.clockOutAt} > ${from}`),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function correctShift(
  tx: Executor,
  shift: ShiftRow,
  after: { clockInAt: Date; clockOutAt: Date },
  correction: { reason: string; correctedBy: string; correctedByName: string; correctedAt: Date },
): Promise<ShiftRow> {
  await tx.insert(driverShiftCorrections).values({
    shiftId: shift.id,
    clockInBefore: shift.clockInAt,
    clockOutBefore: shift.clockOutAt,
    clockInAfter: after.clockInAt,
    clockOutAfter: after.clockOutAt,
    ...correction,
  });
  const [row] = await tx.update(driverShifts).set(after).where(eq(driverShifts.id, shift.id)).returning();
  return row!;
}

/**
 * A shift the office adds for a driver who never clocked in: no taps, and its one correction has no times before,
 * so the timesheet shows who added it and why.
 */
export async function addShift(
  tx: Executor,
  driverId: string,
  times: { clockInAt: Date; clockOutAt: Date },
  correction: { reason: string; correctedBy: string; correctedByName: string; correctedAt: Date },
): Promise<ShiftRow> {
  const [row] = await tx
    .insert(driverShifts)
    .values({ driverId, ...times })
    .returning();
  await tx.insert(driverShiftCorrections).values({
    shiftId: row!.id,
    clockInBefore: null,
    clockOutBefore: null,
    clockInAfter: times.clockInAt,
    clockOutAfter: times.clockOutAt,
    ...correction,
  });
  return row!;
}
