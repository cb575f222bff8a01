import { ABSENCES_PAST_DAYS, RUNS, type Absence, absenceInputSchema } from '@school-transport/shared';
import type { z } from 'zod';
import type { Database } from '../../../db/client.js';
import { OFFICE_BY, type ChangeContext } from '../../../lib/change-context.js';
import type { Clock } from '../../../lib/clock.js';
import { notFound, refusal } from '../../../lib/errors.js';
import { addDays, zonedDate } from '../../../lib/zoned-time.js';
import { recordAudit } from '../../platform/audit/index.js';
import {
  type AbsenceRow,
  deleteAbsence,
  insertAbsences,
  listStudentAbsences,
  lockStudentShared,
  studentExists,
} from './absence-queries.js';

/** A stored absence as the office's routes answer it: `by` is who entered it. */
export const toAbsence = (row: AbsenceRow): Absence => ({
  id: row.id,
  studentId: row.studentId,
  date: row.date,
  run: row.run,
  reason: row.reason,
  by: row.createdByEmail,
  createdAt: row.createdAt.toISOString(),
});

/**
 * A stored absence as parent `parentUserId` sees it: their own entries name them, any other says "the office" (an
 * admin's sign-in e-mail is an account name the families have no business knowing).
 */
export const absenceForParent =
  (parentUserId: string) =>
  (row: AbsenceRow): Absence => ({
    ...toAbsence(row),
    by: row.createdBy === parentUserId ? row.createdByEmail : OFFICE_BY,
  });

const studentNotFound = () => notFound('Student not found.');

type AbsenceValues = z.output<typeof absenceInputSchema>;

export interface AbsenceServiceDeps {
  db: Database;
  clock: Clock;
  timeZone: string;
  /** How the refusals write a day (OPERATOR_LOCALE). */
  locale: string;
}

/**
 * "Not riding" marks. Audit entries name the child by id only, never by name: the log outlives a child's record
 * (decision 020).
 */
export function createAbsenceService({ db, clock, timeZone }: AbsenceServiceDeps) {
  return {
    /** The child's upcoming absences and those of the last ABSENCES_PAST_DAYS days, soonest first. */
    async ofStudent(studentId: string, view: (row: AbsenceRow) => Absence = toAbsence): Promise<Absence[]> {
      if (!(await studentExists(db, studentId))) throw studentNotFound();
      const since = addDays(zonedDate(clock(), timeZone), -ABSENCES_PAST_DAYS);
      return (await listStudentAbsences(db, studentId, since)).map(view);
    },

    /** One row per run (BOTH is two); if any of them is marked already, nothing is written and 409 says which. */
    async mark(
      studentId: string,
      input: AbsenceValues,
      context: ChangeContext,
      view: (row: AbsenceRow) => Absence = toAbsence,
    ): Promise<Absence[]> {
      const runs = input.run === 'BOTH' ? [...RUNS] : [input.run];
      return db.transaction(async (tx) => {
        if (!(await lockStudentShared(tx, studentId))) throw studentNotFound();
        const rows = await insertAbsences(
          tx,
          runs.map((run) => ({
            studentId,
            date: input.date,
            run,
            reason: input.reason ?? null,
            createdBy: context.actor.id,
            createdByEmail: context.actor.email,
          })),
        );
        if (rows.length < runs.length) {
          const taken = runs.filter((run) => !rows.some((row) => row.run === run));
          // Throwing rolls back the rows that did go in: BOTH is all or nothing. Worded: a parent meets it too.
          throw refusal(409, {
            code: 'refusal.absence.alreadyMarked',
            params: {
              day: { day: input.date },
              runs: { message: `refusal.absence.runs.${taken.length > 1 ? 'BOTH' : taken[0]!}` },
            },
          });
        }
        for (const row of rows)
          await recordAudit(tx, {
            ...context,
            action: 'absence.created',
            entityType: 'absence',
            entityId: row.id,
            details: { studentId, date: row.date, run: row.run },
          });
        return rows.map(view);
      });
    },

    async remove(id: string, context: ChangeContext): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await deleteAbsence(tx, id);
        if (!row) throw notFound('Absence not found.');
        await recordAudit(tx, {
          ...context,
          action: 'absence.deleted',
          entityType: 'absence',
          entityId: id,
          details: { studentId: row.studentId, date: row.date, run: row.run },
        });
      });
    },
  };
}
export type AbsenceService = ReturnType<typeof createAbsenceService>;
