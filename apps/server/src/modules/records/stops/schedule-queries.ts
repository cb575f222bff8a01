import { and, asc, desc, eq, getTableColumns, inArray, notInArray, sql } from 'drizzle-orm';
import type { Run } from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import {
  assignmentStudents,
  busRoutes,
  routeAssignments,
  routeRuns,
  routeStops,
  stops,
  students,
  studentStops,
} from '../../../db/schema/index.js';

/** The SQL of route run schedules and of the stop each seated child waits at. */

/** The ids of the children seated on the route (through its assignment). */
const seatedOn = (db: Executor, routeId: string) =>
  db
    .select({ id: assignmentStudents.studentId })
    .from(assignmentStudents)
    .innerJoin(routeAssignments, eq(routeAssignments.id, assignmentStudents.assignmentId))
    .where(eq(routeAssignments.routeId, routeId));

export async function findRoute(db: Executor, routeId: string) {
  const [row] = await db
    .select({ id: busRoutes.id, name: busRoutes.name })
    .from(busRoutes)
    .where(eq(busRoutes.id, routeId));
  return row;
}

/**
 * The route, locked for the rest of the transaction: 'update' by whatever rewrites a run, 'share' by a child's
 * choice of stop, so the choice is checked against the run as it stays until the choice commits.
 */
export async function lockRoute(tx: Executor, routeId: string, strength: 'update' | 'share') {
  const [row] = await tx
    .select({ id: busRoutes.id, name: busRoutes.name })
    .from(busRoutes)
    .where(eq(busRoutes.id, routeId))
    .for(strength);
  return row;
}

/** Each scheduled run's start, 'HH:MM'. */
export async function runStarts(db: Executor, routeId: string) {
  return db
    .select({ run: routeRuns.run, startTime: sql<string>`to_char(${routeRuns.startTime}, 'HH24:MI')` })
    .from(routeRuns)
    .where(eq(routeRuns.routeId, routeId));
}

export async function runStart(tx: Executor, routeId: string, run: Run): Promise<string | undefined> {
  const rows = await runStarts(tx, routeId);
  return rows.find((row) => row.run === run)?.startTime;
}

/** Both runs' stops in order, each with the stop itself. */
export async function runStopsOf(db: Executor, routeId: string, run?: Run) {
  return db
    .select({
      ...getTableColumns(stops),
      run: routeStops.run,
      position: routeStops.position,
      minutesAfterStart: routeStops.minutesAfterStart,
    })
    .from(routeStops)
    .innerJoin(stops, eq(stops.id, routeStops.stopId))
    .where(and(eq(routeStops.routeId, routeId), run ? eq(routeStops.run, run) : undefined))
    .orderBy(asc(routeStops.run), asc(routeStops.position));
}

/** The children seated on the route, each with their chosen stops (one row per run chosen, or one with none). */
export async function ridersOf(db: Executor, routeId: string) {
  return db
    .select({
      studentId: students.id,
      name: students.name,
      class: students.class,
      run: studentStops.run,
      stopId: studentStops.stopId,
    })
    .from(students)
    .leftJoin(studentStops, eq(studentStops.studentId, students.id))
    .where(inArray(students.id, seatedOn(db, routeId)))
    .orderBy(asc(students.name), asc(students.id));
}

/** Of these stop ids, the ones that exist, key-share locked so none can be deleted before this commits. */
export async function lockExistingStops(tx: Executor, stopIds: string[]): Promise<Set<string>> {
  if (stopIds.length === 0) return new Set();
  const rows = await tx
    .select({ id: stops.id })
    .from(stops)
    .where(inArray(stops.id, stopIds))
    .for('key share');
  return new Set(rows.map((row) => row.id));
}

/** The run's stops become exactly `runStops`, in that order (positions from 1). */
export async function replaceRunStops(
  tx: Executor,
  routeId: string,
  run: Run,
  runStops: Array<{ stopId: string; minutesAfterStart: number }>,
): Promise<void> {
  await tx.delete(routeStops).where(and(eq(routeStops.routeId, routeId), eq(routeStops.run, run)));
  if (runStops.length === 0) return;
  await tx
    .insert(routeStops)
    .values(runStops.map((stop, index) => ({ routeId, run, position: index + 1, ...stop })));
}

export async function setRunStart(tx: Executor, routeId: string, run: Run, startTime: string): Promise<void> {
  await tx
    .insert(routeRuns)
    .values({ routeId, run, startTime })
    .onConflictDoUpdate({ target: [routeRuns.routeId, routeRuns.run], set: { startTime } });
}

/** The run has no schedule any more: no start, no stops. */
export async function clearRun(tx: Executor, routeId: string, run: Run): Promise<void> {
  await tx.delete(routeStops).where(and(eq(routeStops.routeId, routeId), eq(routeStops.run, run)));
  await tx.delete(routeRuns).where(and(eq(routeRuns.routeId, routeId), eq(routeRuns.run, run)));
}

/**
 * The route's children lose their stop for the run unless it is one of `keptStopIds`; a child of another route
 * keeps a tie to the same stop. Answers how many lost it.
 */
export async function untieRidersOffRun(
  tx: Executor,
  routeId: string,
  run: Run,
  keptStopIds: string[],
): Promise<number> {
  const removed = await tx
    .delete(studentStops)
    .where(
      and(
        eq(studentStops.run, run),
        inArray(studentStops.studentId, seatedOn(tx, routeId)),
        keptStopIds.length ? notInArray(studentStops.stopId, keptStopIds) : undefined,
      ),
    )
    .returning({ studentId: studentStops.studentId });
  return removed.length;
}

/** The child's pickup point, read under a key-share lock (the lock a tie's foreign key takes); undefined if none. */
export async function lockStudentPoint(tx: Executor, studentId: string) {
  const [row] = await tx
    .select({
      id: students.id,
      lat: students.pickupAndDropLat,
      lng: students.pickupAndDropLng,
      address: students.pickupDropAddress,
    })
    .from(students)
    .where(eq(students.id, studentId))
    .for('key share');
  return row;
}

/** The route the child is seated on, if any. */
export async function seatOf(tx: Executor, studentId: string) {
  const [row] = await tx
    .select({ routeId: busRoutes.id, routeName: busRoutes.name })
    .from(assignmentStudents)
    .innerJoin(routeAssignments, eq(routeAssignments.id, assignmentStudents.assignmentId))
    .innerJoin(busRoutes, eq(busRoutes.id, routeAssignments.routeId))
    .where(eq(assignmentStudents.studentId, studentId));
  return row;
}

export async function isStopOnRun(tx: Executor, routeId: string, run: Run, stopId: string): Promise<boolean> {
  const [row] = await tx
    .select({ position: routeStops.position })
    .from(routeStops)
    .where(and(eq(routeStops.routeId, routeId), eq(routeStops.run, run), eq(routeStops.stopId, stopId)));
  return row !== undefined;
}

/** The run's last stop (position and minutes) and how many it has; undefined position when it has none. */
export async function lastRunStop(tx: Executor, routeId: string, run: Run) {
  const onRun = and(eq(routeStops.routeId, routeId), eq(routeStops.run, run));
  const [last] = await tx
    .select({ position: routeStops.position, minutesAfterStart: routeStops.minutesAfterStart })
    .from(routeStops)
    .where(onRun)
    .orderBy(desc(routeStops.position))
    .limit(1);
  const [{ count } = { count: 0 }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(routeStops)
    .where(onRun);
  return { last, count };
}

export async function appendRunStop(
  tx: Executor,
  stop: { routeId: string; run: Run; position: number; stopId: string; minutesAfterStart: number },
): Promise<void> {
  await tx.insert(routeStops).values(stop);
}

/** The child's stop for the run: set (replacing any other) or, with null, removed. */
export async function setTie(
  tx: Executor,
  studentId: string,
  run: Run,
  stopId: string | null,
): Promise<void> {
  if (stopId === null) {
    await tx
      .delete(studentStops)
      .where(and(eq(studentStops.studentId, studentId), eq(studentStops.run, run)));
    return;
  }
  await tx
    .insert(studentStops)
    .values({ studentId, run, stopId })
    .onConflictDoUpdate({ target: [studentStops.studentId, studentStops.run], set: { stopId } });
}

/** The child's stop for the run, if any. */
export async function tieOf(tx: Executor, studentId: string, run: Run): Promise<string | undefined> {
  const [row] = await tx
    .select({ stopId: studentStops.stopId })
    .from(studentStops)
    .where(and(eq(studentStops.studentId, studentId), eq(studentStops.run, run)));
  return row?.stopId;
}
