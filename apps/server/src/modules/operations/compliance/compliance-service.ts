import {
  BLOCKER_FIELD,
  OVERRIDABLE_FIELD,
  dayInWords,
  type ComplianceOverride,
  type FieldError,
} from '@school-transport/shared';
import type { Database, Executor } from '../../../db/client.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import type { Clock } from '../../../lib/clock.js';
import { conflict, notFound, refusal as worded } from '../../../lib/errors.js';
import { zonedDate } from '../../../lib/zoned-time.js';
import { recordAudit } from '../../platform/audit/index.js';
import { inspectionBlockers } from '../inspections/index.js';
import { lockTrip } from '../trips/index.js';
import {
  insertOverride,
  lockedCredentialsOf,
  lockHoldersShared,
  overridesOfTrip,
  userName,
  type CredentialRow,
  type Holder,
} from './compliance-queries.js';

/** Whose credential it is, in a sentence: "Dan Driver's" or "Vehicle KA-01's". */
export const holderInWords = (row: Pick<CredentialRow, 'driverId' | 'holderName'>) =>
  row.driverId ? `${row.holderName}'s` : `Vehicle ${row.holderName}'s`;

export const expiredInWords = (row: CredentialRow) =>
  `${holderInWords(row)} ${row.kindName.toLowerCase()} expired on ${dayInWords(row.expiresOn)}.`;

export const isExpired = (row: Pick<CredentialRow, 'expiresOn'>, today: string) => row.expiresOn <= today;

/**
 * Expired credentials of a blocking kind held by the driver or the vehicle, in words. The holders' rows and the
 * credentials are share-locked until the caller's transaction ends, so a renewal, a removal or a new credential
 * either commits before this read (and is seen) or waits for the caller (and cannot change what it decided).
 */
export async function credentialBlockers(tx: Executor, holder: Holder, today: string): Promise<string[]> {
  await lockHoldersShared(tx, holder);
  const rows = await lockedCredentialsOf(tx, holder, today);
  return rows.filter((row) => row.blocks && isExpired(row, today)).map(expiredInWords);
}

const overridable = (blockers: string[]): FieldError[] =>
  blockers.map((message) => ({ field: OVERRIDABLE_FIELD, message }));

// The blockers are the office's words (credential kinds, defects as reported); a driver reads them under a line in
// their language (refusal.trip.startBlocked).
const refusal = (blockers: string[], hard: string[] = []) =>
  worded(409, { code: 'refusal.trip.startBlocked', params: { blockers: [...hard, ...blockers].join(' ') } }, [
    ...hard.map((message) => ({ field: BLOCKER_FIELD, message })),
    ...overridable(blockers),
  ]);

const toOverride = (row: Awaited<ReturnType<typeof insertOverride>>): ComplianceOverride => ({
  id: row.id,
  tripId: row.tripId,
  assignmentId: row.assignmentId,
  reason: row.reason,
  blockers: row.blockers,
  createdBy: row.createdByName,
  createdAt: row.createdAt.toISOString(),
});

/** The override, its audit entry; in the caller's transaction. */
async function recordOverride(
  tx: Executor,
  target: { tripId?: string; assignmentId?: string },
  reason: string,
  blockers: string[],
  context: ChangeContext,
): Promise<ComplianceOverride> {
  const row = await insertOverride(tx, {
    ...target,
    reason,
    blockers,
    createdBy: context.actor.id,
    createdByName: await userName(tx, context.actor.id),
  });
  await recordAudit(tx, {
    ...context,
    action: 'compliance.overridden',
    entityType: target.tripId ? 'trip' : 'route_assignment',
    entityId: (target.tripId ?? target.assignmentId)!,
    details: { reason, blockers },
  });
  return toOverride(row);
}

export interface ComplianceServiceDeps {
  db: Database;
  clock: Clock;
  timeZone: string;
}

/**
 * The compliance gate: what refuses an assignment or a trip start (expired blocking credentials, which an admin
 * may override with a reason; an open out-of-service defect or a missing pre-trip inspection, which nobody can
 * override), and the overrides themselves. Every check runs in the caller's transaction, beside its capacity check.
 */
export function createComplianceService({ db, clock, timeZone }: ComplianceServiceDeps) {
  const today = () => zonedDate(clock(), timeZone);

  return {
    today,

    /**
     * For an assignment's create or update: refuses (409, the blockers as errors on overrideReason) when the driver
     * or vehicle has an expired blocker and no reason was given; answers the blockers to record with the reason.
     */
    async assignmentBlockers(tx: Executor, holder: Holder, reason: string | undefined): Promise<string[]> {
      const blockers = await credentialBlockers(tx, holder, today());
      if (blockers.length && !reason) throw refusal(blockers);
      return blockers;
    },

    async overrideAssignment(
      tx: Executor,
      assignmentId: string,
      reason: string,
      blockers: string[],
      context: ChangeContext,
    ): Promise<void> {
      if (blockers.length) await recordOverride(tx, { assignmentId }, reason, blockers, context);
    },

    /**
     * Before a trip starts, in the transaction that starts it (its row locked): refuses while the vehicle has an
     * out-of-service defect or lacks today's inspection, or while an expired blocker was not overridden for this
     * trip. The office may override in the same call by giving `reason` (an admin's start).
     */
    async assertTripMayStart(
      tx: Executor,
      trip: { id: string; driverId: string | null; vehicleId: string | null },
      office?: { reason?: string; context: ChangeContext },
    ): Promise<void> {
      const day = today();
      const blockers = await credentialBlockers(tx, trip, day);
      const hard = trip.vehicleId ? await inspectionBlockers(tx, trip.vehicleId, day, timeZone) : [];
      const overridden = new Set(
        blockers.length ? (await overridesOfTrip(tx, trip.id)).flatMap((row) => row.blockers) : [],
      );
      const open = blockers.filter((blocker) => !overridden.has(blocker));
      if (hard.length) throw refusal(open, hard);
      if (!open.length) return;
      if (!office?.reason) throw refusal(open);
      await recordOverride(tx, { tripId: trip.id }, office.reason, open, office.context);
    },

    /**
     * For a cover (decision 054), in its transaction: why the substitute driver or vehicle may not run its trips,
     * in words, or []. The start's own checks (credentialBlockers, inspectionBlockers), read for the cover's days:
     * a blocking credential expired by `lastDay`, an open out-of-service defect. The pre-trip inspection is not
     * due yet: the start asks for it (assertTripMayStart), on the substitute vehicle the covered trip names.
     */
    async coverBlockers(tx: Executor, holder: Holder, lastDay: string): Promise<string[]> {
      const hard = holder.vehicleId
        ? await inspectionBlockers(tx, holder.vehicleId, today(), timeZone, { inspectionDue: false })
        : [];
      return [...hard, ...(await credentialBlockers(tx, holder, lastDay))];
    },

    /** An admin lets the driver start this trip despite its expired blockers as they are now. */
    async overrideTrip(tripId: string, reason: string, context: ChangeContext): Promise<ComplianceOverride> {
      return db.transaction(async (tx) => {
        const trip = await lockTrip(tx, tripId);
        if (!trip) throw notFound('Trip not found.');
        if (trip.status !== 'PENDING')
          throw conflict(`This trip is ${trip.status}; only a trip not yet started can be overridden.`);
        const blockers = await credentialBlockers(tx, trip, today());
        if (!blockers.length)
          throw conflict('No expired credential blocks this trip: it may start as it is.');
        return recordOverride(tx, { tripId }, reason, blockers, context);
      });
    },

    async tripOverrides(tripId: string): Promise<ComplianceOverride[]> {
      return (await overridesOfTrip(db, tripId)).map(toOverride);
    },
  };
}
export type ComplianceService = ReturnType<typeof createComplianceService>;
