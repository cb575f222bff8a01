import type { Run, StopChange, StopChangeData, StopChangeState, StopOption } from '@school-transport/shared';
import type { Database, Executor } from '../../../db/client.js';
import { OFFICE_BY, type ChangeContext } from '../../../lib/change-context.js';
import type { Clock } from '../../../lib/clock.js';
import { refusal } from '../../../lib/errors.js';
import { zonedDate } from '../../../lib/zoned-time.js';
import { recordAudit } from '../../platform/audit/index.js';
import type { NotificationDispatcher } from '../notifications/index.js';
import { tellParentOfDecision } from './stop-change-notifications.js';
import {
  approvedArrivals,
  describedById,
  insertStopChange,
  listByState,
  listOfStudents,
  lockStopChange,
  lockStudent,
  pendingCount,
  prevailingChangesOn,
  runsStoppingAt,
  seatOfStudent,
  seatsOfAssignment,
  stopOptions,
  updateStopChange,
  type DescribedRow,
  type StopChangeRow,
} from './stop-change-queries.js';
import { runsOf, seatsLeftFor } from './stop-change-rules.js';

export interface StopChangeServiceDeps {
  db: Database;
  clock: Clock;
  timeZone: string;
  /** Woken after a decision's commit: the parent's notification is in the outbox. */
  notifications: Pick<NotificationDispatcher, 'wake'>;
}

/** Where a child rides on a day's run because of an approved change. */
export interface ChangedStop {
  assignmentId: string;
  /** Null only for a combined run's child who has no stop of their own for the run (decision 061). */
  stopId: string | null;
  /** The child's own assignment (null: seated nowhere). */
  ownAssignmentId: string | null;
}

const notFound = () => refusal(404, { code: 'refusal.stopChange.notFound' });

const iso = (date: Date | null) => date?.toISOString() ?? null;

function toStopChange(row: DescribedRow, seatsLeft: number | null): StopChange {
  const { change } = row;
  return {
    id: change.id,
    studentId: change.studentId,
    studentName: row.studentName,
    kind: change.kind,
    date: change.date,
    weekdays: change.weekdays,
    validFrom: change.validFrom,
    validUntil: change.validUntil,
    run: change.run,
    from: {
      assignmentId: row.fromAssignmentId,
      routeName: row.fromRouteName,
      stopId: row.fromStopId,
      stopName: row.fromStopName,
    },
    to: {
      assignmentId: change.assignmentId,
      routeName: row.toRouteName,
      stopId: change.stopId,
      stopName: row.toStopName,
    },
    note: change.note,
    state: change.state,
    reason: change.reason,
    seatsLeft,
    requestedBy: change.requestedByEmail,
    requestedAt: change.requestedAt.toISOString(),
    decidedBy: change.decidedByEmail,
    decidedAt: iso(change.decidedAt),
  };
}

/**
 * Seats left on each change's target, read in one pass for a list: null for a change within the child's own
 * assignment (it takes no seat).
 */
async function withSeats(db: Executor, rows: DescribedRow[]): Promise<StopChange[]> {
  const moving = rows.filter((row) => row.fromAssignmentId !== row.change.assignmentId);
  const targets = [...new Set(moving.map((row) => row.change.assignmentId))];
  const [arrivals, seats] = await Promise.all([
    approvedArrivals(db, targets),
    Promise.all(targets.map(async (id) => [id, await seatsOfAssignment(db, id)] as const)),
  ]);
  const seatsOf = new Map(seats);
  return rows.map((row) => {
    const target = row.change.assignmentId;
    const capacity = seatsOf.get(target);
    if (row.fromAssignmentId === target || !capacity) return toStopChange(row, null);
    const into = arrivals.map((arrival) => arrival.change).filter((c) => c.assignmentId === target);
    return toStopChange(row, seatsLeftFor(row.change, capacity, into));
  });
}

/**
 * Refuses (409, worded: a parent meets it too) a change whose target run has no seat on a day it covers. The
 * target assignment's row is locked first, so approvals into one assignment are checked one after the other.
 */
async function assertSeat(tx: Executor, change: StopChangeRow, ownAssignmentId: string | null) {
  if (ownAssignmentId === change.assignmentId) return;
  const seats = await seatsOfAssignment(tx, change.assignmentId, true);
  if (!seats) throw notFound();
  // Without the change itself: an office entry is written APPROVED before this check.
  const arrivals = (await approvedArrivals(tx, [change.assignmentId]))
    .map((row) => row.change)
    .filter((other) => other.id !== change.id);
  if (seatsLeftFor(change, seats, arrivals) < 1)
    throw refusal(409, { code: 'refusal.stopChange.noSeat', params: { capacity: seats.capacity } });
}

/** Refuses a target stop that the target route's runs (all those the change covers) do not stop at. */
async function assertStopServed(
  tx: Executor,
  input: Pick<StopChangeData, 'assignmentId' | 'stopId' | 'run'>,
) {
  const served = await runsStoppingAt(tx, input.assignmentId, input.stopId);
  if (!runsOf(input.run).every((run) => served.includes(run)))
    throw refusal(409, { code: 'refusal.stopChange.stopNotOnRun' });
}

/**
 * Stop changes (decision 057): requests and their decisions, the office's queue and entries, and what the
 * manifests of a day read. Every write is one transaction with its audit entry; audit entries name the child by id
 * only (decision 020), never a note or a reason.
 */
export function createStopChangeService({ db, clock, timeZone, notifications }: StopChangeServiceDeps) {
  const today = () => zonedDate(clock(), timeZone);

  async function describe(id: string): Promise<StopChange> {
    const row = await describedById(db, id);
    if (!row) throw notFound();
    return (await withSeats(db, [row]))[0]!;
  }

  return {
    /** The office's list of one state (the queue: REQUESTED). */
    async list(state: StopChangeState): Promise<StopChange[]> {
      return withSeats(db, await listByState(db, state));
    },

    pendingCount: () => pendingCount(db),

    /**
     * These children's changes as their parent `viewerUserId` reads them: no seat counts, and the office's people
     * are "the office" (an admin's sign-in address is none of the families' business, as for absences).
     */
    async ofStudents(studentIds: string[], viewerUserId: string): Promise<StopChange[]> {
      return (await listOfStudents(db, studentIds)).map((row) => ({
        ...toStopChange(row, null),
        requestedBy: row.change.requestedBy === viewerUserId ? row.change.requestedByEmail : OFFICE_BY,
        decidedBy: !row.change.decidedAt
          ? null
          : row.change.decidedBy === viewerUserId
            ? row.change.decidedByEmail
            : OFFICE_BY,
      }));
    },

    get: describe,

    /** Every stop of every assigned route's runs, one entry per route and stop. */
    async options(): Promise<StopOption[]> {
      const options = new Map<string, StopOption>();
      for (const row of await stopOptions(db)) {
        const key = `${row.assignmentId}:${row.stopId}`;
        const option = options.get(key);
        if (option) option.runs.push(row.run);
        else options.set(key, { ...row, runs: [row.run] });
      }
      return [...options.values()];
    },

    /**
     * A parent's request (REQUESTED) or the office's entry (`approved`: APPROVED at once, after the same seat
     * check an approval makes). A one-off change for a past date is refused.
     */
    async create(
      input: StopChangeData,
      context: ChangeContext,
      { approved }: { approved: boolean },
    ): Promise<StopChange> {
      if (input.kind === 'ONE_OFF' && input.date! < today())
        throw refusal(409, { code: 'refusal.stopChange.pastDate' });
      const id = await db.transaction(async (tx) => {
        const student = await lockStudent(tx, input.studentId);
        if (!student) throw notFound();
        await assertStopServed(tx, input);
        const at = clock();
        const row = await insertStopChange(tx, {
          studentId: input.studentId,
          kind: input.kind,
          date: input.kind === 'ONE_OFF' ? input.date! : null,
          weekdays: input.kind === 'WEEKLY' ? [...new Set(input.weekdays!)].sort() : null,
          validFrom: input.kind === 'WEEKLY' ? (input.validFrom ?? null) : null,
          validUntil: input.kind === 'WEEKLY' ? (input.validUntil ?? null) : null,
          run: input.run,
          assignmentId: input.assignmentId,
          stopId: input.stopId,
          note: input.note,
          state: approved ? 'APPROVED' : 'REQUESTED',
          requestedBy: context.actor.id,
          requestedByEmail: context.actor.email,
          requestedAt: at,
          ...(approved
            ? { decidedBy: context.actor.id, decidedByEmail: context.actor.email, decidedAt: at }
            : {}),
        });
        if (approved) await assertSeat(tx, row, await seatOfStudent(tx, row.studentId));
        await recordAudit(tx, {
          ...context,
          action: approved ? 'stop_change.entered' : 'stop_change.requested',
          entityType: 'stop_change',
          entityId: row.id,
          details: { studentId: row.studentId, kind: row.kind, run: row.run, state: row.state },
        });
        return row.id;
      });
      return describe(id);
    },

    /** REQUESTED → APPROVED, when the target run has the seat; the parent is told. */
    async approve(id: string, context: ChangeContext): Promise<StopChange> {
      return decide(id, context, 'APPROVED', null);
    },

    /** REQUESTED → DECLINED with the reason the parent is told. */
    async decline(id: string, reason: string, context: ChangeContext): Promise<StopChange> {
      return decide(id, context, 'DECLINED', reason);
    },

    /**
     * REQUESTED → WITHDRAWN, by the parent who may (the caller checked the child is theirs): a decided one is the
     * office's to change.
     */
    async withdraw(id: string, context: ChangeContext, mayTouch: (row: StopChangeRow) => boolean) {
      await db.transaction(async (tx) => {
        const row = await lockStopChange(tx, id);
        if (!row || !mayTouch(row)) throw notFound();
        if (row.state !== 'REQUESTED')
          throw refusal(409, { code: `refusal.stopChange.already.${row.state}` });
        // Who withdrew it and when, as a decision: the parent's own.
        await updateStopChange(tx, id, {
          state: 'WITHDRAWN',
          decidedBy: context.actor.id,
          decidedByEmail: context.actor.email,
          decidedAt: clock(),
        });
        await recordAudit(tx, {
          ...context,
          action: 'stop_change.withdrawn',
          entityType: 'stop_change',
          entityId: id,
          details: { studentId: row.studentId },
        });
      });
    },

    /** Where children ride on `date`'s `run` because of approved changes: at most one per child. */
    changedStopsOn: (date: string, run: Run) => changedStopsOn(db, date, run),
  };

  async function decide(
    id: string,
    context: ChangeContext,
    state: 'APPROVED' | 'DECLINED',
    reason: string | null,
  ): Promise<StopChange> {
    const told = await db.transaction(async (tx) => {
      const row = await lockStopChange(tx, id);
      if (!row) throw notFound();
      if (row.state !== 'REQUESTED') throw refusal(409, { code: `refusal.stopChange.already.${row.state}` });
      if (state === 'APPROVED') await assertSeat(tx, row, await seatOfStudent(tx, row.studentId));
      const at = clock();
      await updateStopChange(tx, id, {
        state,
        reason,
        decidedBy: context.actor.id,
        decidedByEmail: context.actor.email,
        decidedAt: at,
      });
      await recordAudit(tx, {
        ...context,
        action: state === 'APPROVED' ? 'stop_change.approved' : 'stop_change.declined',
        entityType: 'stop_change',
        entityId: id,
        details: { studentId: row.studentId },
      });
      return tellParentOfDecision(tx, { ...row, state, reason });
    });
    if (told) notifications.wake();
    return describe(id);
  }
}
export type StopChangeService = ReturnType<typeof createStopChangeService>;

/**
 * Where children ride on `date`'s `run` because of approved changes (one per child: the prevailing one). The
 * manifests read it: a child moved elsewhere leaves their own run's manifest, a child moved here joins it.
 */
export async function changedStopsOn(
  db: Executor,
  date: string,
  run: Run,
): Promise<Map<string, ChangedStop>> {
  const rows = await prevailingChangesOn(db, date, run);
  return new Map(rows.map(({ studentId, ...changed }) => [studentId, changed]));
}
