import { and, asc, eq, gte } from 'drizzle-orm';
import type { Run } from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import { absences, students } from '../../../db/schema/index.js';

/** The SQL of absences (rules in absence-service.ts). */

export type AbsenceRow = typeof absences.$inferSelect;

/**
 * The children marked "not riding" on `date`'s `run`: the manifest shows them as absent and raises no alert for
 * them. One indexed look-up (absences_date_idx), whatever the number of children.
 */
export async function absentStudentIds(db: Executor, date: string, run: Run): Promise<Set<string>> {
  const rows = await db
    .select({ studentId: absences.studentId })
    .from(absences)
    .where(and(eq(absences.date, date), eq(absences.run, run)));
  return new Set(rows.map((row) => row.studentId));
}

/** A child's absences from `since` on, soonest first. */
export function listStudentAbsences(db: Executor, studentId: string, since: string) {
  return db
    .select()
    .from(absences)
    .where(and(eq(absences.studentId, studentId), gte(absences.date, since)))
    .orderBy(asc(absences.date), asc(absences.run));
}

/**
 * Inserts one row per run; a row that exists already is skipped (the unique student, date, run key), so the
 * caller sees fewer rows back than it asked for and can answer 409.
 */
export function insertAbsences(tx: Executor, rows: (typeof absences.$inferInsert)[]) {
  return tx
    .insert(absences)
    .values(rows)
    .onConflictDoNothing({ target: [absences.studentId, absences.date, absences.run] })
    .returning();
}

export async function deleteAbsence(tx: Executor, id: string): Promise<AbsenceRow | undefined> {
  const [row] = await tx.delete(absences).where(eq(absences.id, id)).returning();
  return row;
}

/** Whether the child exists, keeping it so (a shared lock) until the transaction ends: no absence of a deleted child. */
export async function lockStudentShared(tx: Executor, studentId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: students.id })
    .from(students)
    .where(eq(students.id, studentId))
    .for('share');
  return rows.length > 0;
}

export async function studentExists(db: Executor, studentId: string): Promise<boolean> {
  const rows = await db.select({ id: students.id }).from(students).where(eq(students.id, studentId));
  return rows.length > 0;
}
