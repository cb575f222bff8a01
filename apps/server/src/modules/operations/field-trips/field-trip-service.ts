import {
  dayInWords,
  FIELD_TRIP_STATE_WORDS,
  MIN_DISTANCE_POSITIONS,
  type Depot,
  type DistanceSource,
  type FieldTripBusDistance,
  type FieldTripChild,
  type TripDistanceSource,
  type DriverFieldTrip,
  type FieldTrip,
  type FieldTripAvailability,
  type FieldTripData,
  type FieldTripListQuery,
  type FieldTripNotice,
  type FieldTripRate,
  type FieldTripState,
  type Invoice,
  type InvoiceQuery,
} from '@school-transport/shared';
import type { z } from 'zod';
import type {
  depotInputSchema,
  fieldTripApproveSchema,
  fieldTripChildrenInputSchema,
  fieldTripCompleteSchema,
  fieldTripRateInputSchema,
  fieldTripScheduleSchema,
  Role,
} from '@school-transport/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../../db/client.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import type { Clock } from '../../../lib/clock.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import type { TravelSettings } from '../../../lib/travel-time.js';
import { zonedClockTime, zonedDate, zonedInstant } from '../../../lib/zoned-time.js';
import { schoolsOfStaff } from '../../platform/accounts/index.js';
import { recordAudit } from '../../platform/audit/index.js';
import type { Mailer } from '../../platform/mail/index.js';
import { schoolDaysBetween } from '../calendar/index.js';
import type { ComplianceService } from '../compliance/index.js';
import type { LiveLog } from '../live/index.js';
import { lockStandInDriver, lockStandInVehicle, writeStatusEvents } from '../trips/index.js';
import { mayActFor, maySee, seesEveryRequest, type Viewer } from './field-trip-access.js';
import { whyBusy, type Span } from './field-trip-availability.js';
import {
  busCost,
  busySpan,
  estimatedKm,
  hoursBetween,
  round2,
  trackKm,
  type Rate,
} from './field-trip-costs.js';
import { stateMail } from './field-trip-mail.js';
import { driverSummary } from './field-trip-manifest.js';
import {
  allDrivers,
  allVehicles,
  busesOf,
  cancelPendingBuses,
  childCounts,
  childrenOfFieldTrip,
  childrenOfSchool,
  completedOfSchool,
  deleteRate,
  depotOf,
  emailOf,
  expiredBlockersOn,
  fieldTripById,
  fieldTripOfDriversTrip,
  fieldTripBusesOn,
  fieldTripsMeeting,
  fieldTripsWhere,
  insertBusTrips,
  insertFieldTrip,
  insertNotice,
  listRates,
  lockFieldTrip,
  noticesOf,
  positionsOfTrips,
  rateOf,
  replaceChildren,
  runsOn,
  saveDepot,
  schoolOf,
  updateFieldTrip,
  upsertRate,
  vehiclesByIds,
  type BusRow,
  type FieldTripWithSchool,
} from './field-trip-queries.js';

type Approve = z.output<typeof fieldTripApproveSchema>;
type Schedule = z.output<typeof fieldTripScheduleSchema>;
type Complete = z.output<typeof fieldTripCompleteSchema>;
type ChildrenInput = z.output<typeof fieldTripChildrenInputSchema>;
type RateInput = z.output<typeof fieldTripRateInputSchema>;
type DepotData = z.output<typeof depotInputSchema>;
/** The signed-in user asking to see or request field trips. */
type Requester = { id: string; role: Role };

const tripNotFound = () => notFound('Field trip not found.');

/** The states in which a field trip's list of children may still change (decision 078). */
const LIST_OPEN: readonly FieldTripState[] = ['REQUESTED', 'APPROVED', 'SCHEDULED'];

/** The buses' one source of distance, MIXED when they differ; trips completed before decision 078, the odometer. */
function distanceSourceOf(
  state: FieldTripState,
  distances: FieldTripBusDistance[] | null,
): TripDistanceSource | null {
  if (state !== 'COMPLETED') return null;
  if (!distances?.length) return 'ODOMETER';
  const sources = new Set(distances.map((bus) => bus.source));
  return sources.size === 1 ? distances[0]!.source : 'MIXED';
}

export interface FieldTripServiceDeps {
  db: Database;
  clock: Clock;
  timeZone: string;
  travel: TravelSettings;
  compliance: Pick<ComplianceService, 'coverBlockers'>;
  live: LiveLog;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** What the requester is told on a state change: one line, the notice's and the e-mail's. */
function stateMessage(
  trip: { destinationName: string; tripDate: string },
  state: FieldTripState,
  reason?: string | null,
) {
  const what = `Your field trip to ${trip.destinationName} on ${dayInWords(trip.tripDate)}`;
  switch (state) {
    case 'REQUESTED':
      return `${what} was requested; the office will review it.`;
    case 'APPROVED':
      return `${what} was approved.`;
    case 'SCHEDULED':
      return `${what} is scheduled: a driver and a bus are booked.`;
    case 'COMPLETED':
      return `${what} is completed.`;
    case 'CANCELLED':
      return `${what} was cancelled${reason ? `: ${reason}` : '.'}`;
    case 'DECLINED':
      return `${what} was declined: ${reason}`;
  }
}

/**
 * Field trips (issue 37, decision 073): requests and their states, the office's scheduling of free drivers and
 * vehicles (row locks decide between two offices at once), the buses as trips, costs, rates and invoices. Every
 * state change is one transaction with the requester's notice and its audit entry; the e-mail goes after the commit.
 */
export function createFieldTripService({
  db,
  clock,
  timeZone,
  travel,
  compliance,
  live,
  mailer,
  publicUrl,
  log,
}: FieldTripServiceDeps) {
  const point = (lat: number, lng: number) => ({ lat, lng });
  const depotPoint = async (tx: Executor) => {
    const row = await depotOf(tx);
    return row ? point(row.lat, row.lng) : null;
  };

  const toFieldTrip = (
    row: FieldTripWithSchool,
    buses: BusRow[],
    children: Map<string, number>,
  ): FieldTrip => {
    const t = row.trip;
    return {
      id: t.id,
      school: { id: t.schoolId, name: row.schoolName },
      destinationName: t.destinationName,
      destinationAddress: t.destinationAddress,
      destinationLat: t.destinationLat,
      destinationLng: t.destinationLng,
      date: t.tripDate,
      departAt: t.departAt.toISOString(),
      returnAt: t.returnAt.toISOString(),
      departTime: zonedClockTime(t.departAt, timeZone),
      returnTime: zonedClockTime(t.returnAt, timeZone),
      pupils: t.pupils,
      adults: t.adults,
      wheelchairPlaces: t.wheelchairPlaces,
      notes: t.notes,
      state: t.state,
      stateReason: t.stateReason,
      requestedBy: { id: t.requestedBy, name: t.requestedByName },
      estimatedCost: t.estimatedCost,
      estimatedKm: t.estimatedKm,
      estimateVehicleType: t.estimateVehicleType,
      actualCost: t.actualCost,
      actualKm: t.actualKm,
      actualMinutes: t.actualMinutes,
      distances: t.actualDistance ?? [],
      distanceSource: distanceSourceOf(t.state, t.actualDistance),
      children: children.get(t.id) ?? 0,
      buses: buses
        .filter((bus) => bus.fieldTripId === t.id)
        .map((bus) => ({
          tripId: bus.tripId,
          status: bus.status,
          driver: { id: bus.driverId, name: bus.driverName },
          vehicle: { id: bus.vehicleId, licensePlate: bus.vehiclePlate },
          positions: bus.positions,
        })),
      createdAt: t.createdAt.toISOString(),
    };
  };

  const answer = async (rows: FieldTripWithSchool[]) => {
    const ids = rows.map((row) => row.trip.id);
    const [buses, children] = await Promise.all([busesOf(db, ids), childCounts(db, ids)]);
    return rows.map((row) => toFieldTrip(row, buses, children));
  };

  /** Who is asking, with their schools when they are school staff (the scope of what they see and request). */
  const viewerOf = async (user: Requester): Promise<Viewer> => ({
    id: user.id,
    role: user.role,
    schoolIds:
      user.role === 'school_staff'
        ? ((await schoolsOfStaff(db, [user.id])).get(user.id) ?? []).map((school) => school.id)
        : [],
  });

  /** The field trip if this user may see it; another school's answers as one that does not exist (069). */
  const seen = async (id: string, user: Requester) => {
    const [row] = await fieldTripsWhere(db, fieldTripById(id));
    if (!row || !maySee(await viewerOf(user), row.trip)) throw tripNotFound();
    return row;
  };

  const one = async (id: string, user: Requester) => (await answer([await seen(id, user)]))[0]!;

  /** The requester's notice, in the change's transaction; the mail to send after it commits. */
  const tell = async (
    tx: Executor,
    trip: { id: string; requestedBy: string | null; destinationName: string; tripDate: string },
    state: FieldTripState,
    reason?: string | null,
  ) => {
    if (!trip.requestedBy) return null;
    const message = stateMessage(trip, state, reason);
    await insertNotice(tx, { userId: trip.requestedBy, fieldTripId: trip.id, state, message });
    const to = await emailOf(tx, trip.requestedBy);
    return to
      ? stateMail(
          to.email,
          FIELD_TRIP_STATE_WORDS[state],
          message,
          `${publicUrl.replace(/\/$/, '')}/field-trips/${trip.id}`,
        )
      : null;
  };

  /** Sends the mail after the commit: a mail server down does not undo the change (the notice holds it). */
  const send = async (mail: Awaited<ReturnType<typeof tell>>) => {
    if (!mail) return;
    try {
      await mailer.send(mail);
    } catch (error) {
      log.warn({ err: error, mail: mail.kind }, 'field trip mail not sent');
    }
  };

  /**
   * One state move: the trip locked, `from` checked, `work` done, the state written with the notice and the audit
   * entry; the mail after the commit.
   */
  async function move(
    id: string,
    from: FieldTripState[],
    to: FieldTripState,
    context: ChangeContext,
    work: (tx: Executor, row: FieldTripWithSchool) => Promise<Record<string, unknown>>,
    reason: string | null = null,
  ) {
    const { mail, tripIds } = await db.transaction(async (tx) => {
      const row = await lockFieldTrip(tx, id);
      if (!row) throw tripNotFound();
      if (!from.includes(row.trip.state))
        throw conflict(
          `The field trip is ${FIELD_TRIP_STATE_WORDS[row.trip.state].toLowerCase()}: it cannot be ${FIELD_TRIP_STATE_WORDS[to].toLowerCase()} now.`,
        );
      const changes = await work(tx, row);
      await updateFieldTrip(tx, id, { state: to, stateReason: reason, ...changes });
      await recordAudit(tx, {
        ...context,
        action: `field-trip.${to.toLowerCase()}`,
        entityType: 'field-trip',
        entityId: id,
        details: { from: row.trip.state, to, reason, ...changes },
      });
      return {
        mail: await tell(tx, row.trip, to, reason),
        tripIds: (changes.tripIds as string[] | undefined) ?? [],
      };
    });
    if (tripIds.length) live.committed();
    await send(mail);
    return one(id, { id: context.actor.id, role: 'admin' });
  }

  /** Who is busy in the span and why (the availability rule), for drivers and vehicles. */
  async function busyOn(tx: Executor, date: string, span: Span, except: string | null) {
    const [schoolDays, runs, others, blockers] = await Promise.all([
      schoolDaysBetween(tx, date, date),
      runsOn(tx, date),
      fieldTripBusesOn(tx, date, except),
      expiredBlockersOn(tx, date),
    ]);
    return whyBusy(span, { date, schoolDay: schoolDays.includes(date), timeZone }, runs, others, blockers);
  }

  const spanOf = async (tx: Executor, row: FieldTripWithSchool) =>
    busySpan(
      {
        departAt: row.trip.departAt,
        returnAt: row.trip.returnAt,
        school: point(row.schoolLat, row.schoolLng),
      },
      await depotPoint(tx),
      travel,
    );

  const kmOf = async (tx: Executor, row: FieldTripWithSchool) =>
    estimatedKm(
      point(row.schoolLat, row.schoolLng),
      point(row.trip.destinationLat, row.trip.destinationLng),
      await depotPoint(tx),
      travel,
    );

  const rateFor = async (tx: Executor, vehicleType: string, field: string): Promise<Rate> => {
    const rate = await rateOf(tx, vehicleType);
    if (!rate)
      throw badRequest(`There is no rate for ${vehicleType}: add one on the Rates screen first.`, [
        { field, message: `No rate for ${vehicleType}` },
      ]);
    return rate;
  };

  return {
    async list(query: FieldTripListQuery, user: Requester): Promise<FieldTrip[]> {
      const viewer = await viewerOf(user);
      const rows = await fieldTripsWhere(db, fieldTripsMeeting(query));
      return answer(seesEveryRequest(viewer) ? rows : rows.filter((row) => maySee(viewer, row.trip)));
    },

    get: one,

    /** A request; school staff ask for one of their schools only (another answers as a school that is gone). */
    async create(
      input: FieldTripData,
      context: ChangeContext & { actorName: string; actorRole: Role },
    ): Promise<FieldTrip> {
      const requester = { id: context.actor.id, role: context.actorRole };
      const school = mayActFor(await viewerOf(requester), input.schoolId)
        ? await schoolOf(db, input.schoolId)
        : undefined;
      if (!school)
        throw badRequest('That school no longer exists.', [
          { field: 'schoolId', message: 'Choose a school' },
        ]);
      const departAt = zonedInstant(input.date, input.departTime, timeZone);
      const returnAt = zonedInstant(input.date, input.returnTime, timeZone);
      if (input.date < zonedDate(clock(), timeZone))
        throw badRequest('A field trip cannot be in the past.', [
          { field: 'date', message: 'Choose today or a later day' },
        ]);
      const { row, mail } = await db.transaction(async (tx) => {
        const row = await insertFieldTrip(tx, {
          schoolId: school.id,
          destinationName: input.destinationName,
          destinationAddress: input.destinationAddress,
          destinationLat: input.destinationLat,
          destinationLng: input.destinationLng,
          departAt,
          returnAt,
          tripDate: input.date,
          pupils: input.pupils,
          adults: input.adults,
          wheelchairPlaces: input.wheelchairPlaces,
          notes: input.notes,
          requestedBy: context.actor.id,
          requestedByName: context.actorName,
        });
        await recordAudit(tx, {
          ...context,
          action: 'field-trip.requested',
          entityType: 'field-trip',
          entityId: row.id,
          details: { schoolId: school.id, date: input.date, destination: input.destinationName },
        });
        return { row, mail: await tell(tx, row, 'REQUESTED') };
      });
      await send(mail);
      return one(row.id, requester);
    },

    /** Approved, with the estimate for `buses` buses of `vehicleType`. */
    approve(id: string, input: Approve, context: ChangeContext) {
      return move(id, ['REQUESTED'], 'APPROVED', context, async (tx, row) => {
        const rate = await rateFor(tx, input.vehicleType, 'vehicleType');
        const span = await spanOf(tx, row);
        const km = await kmOf(tx, row);
        const buses = input.buses ?? 1;
        return {
          estimatedKm: km,
          estimateVehicleType: input.vehicleType,
          estimatedCost: round2(buses * busCost(rate, hoursBetween(span.busyFrom, span.busyTo), km)),
        };
      });
    },

    decline(id: string, reason: string, context: ChangeContext) {
      return move(id, ['REQUESTED', 'APPROVED'], 'DECLINED', context, async () => ({}), reason);
    },

    cancel(id: string, reason: string, context: ChangeContext) {
      return move(
        id,
        ['REQUESTED', 'APPROVED', 'SCHEDULED'],
        'CANCELLED',
        context,
        async (tx, row) => {
          const buses = await busesOf(tx, [row.trip.id]);
          const running = buses.find((bus) => bus.status === 'STARTED' || bus.status === 'COMPLETED');
          if (running)
            throw conflict(
              `${running.driverName}'s bus ${running.vehiclePlate} has already set off: the trip cannot be cancelled.`,
            );
          const tripIds = await cancelPendingBuses(tx, row.trip.id, reason, clock());
          await writeStatusEvents(tx, live, tripIds, 'CANCELLED');
          return { tripIds };
        },
        reason,
      );
    },

    /** Who and what the scheduling dialog may offer: free at the trip's span (depot legs included), valid that day. */
    async availability(id: string): Promise<FieldTripAvailability> {
      const [row] = await fieldTripsWhere(db, fieldTripById(id));
      if (!row) throw tripNotFound();
      const span = await spanOf(db, row);
      const why = await busyOn(db, row.trip.tripDate, span, row.trip.id);
      const [drivers, vehicles] = await Promise.all([allDrivers(db), allVehicles(db)]);
      const unavailable: FieldTripAvailability['unavailable'] = [];
      const free = <T>(key: string, name: string, item: T) => {
        const reasons = why.get(key);
        if (reasons) unavailable.push({ name, why: `${name} ${reasons.join('; ')}` });
        return reasons ? [] : [item];
      };
      return {
        busyFrom: span.busyFrom.toISOString(),
        busyTo: span.busyTo.toISOString(),
        seatsNeeded: row.trip.pupils + row.trip.adults,
        wheelchairPlacesNeeded: row.trip.wheelchairPlaces,
        drivers: drivers.flatMap((driver) => free(`driver:${driver.id}`, driver.name, driver)),
        vehicles: vehicles.flatMap((vehicle) => free(`vehicle:${vehicle.id}`, vehicle.licensePlate, vehicle)),
        unavailable,
      };
    },

    /**
     * Books the buses. The drivers' and vehicles' rows are locked first (in id order, as covers lock them), so two
     * offices booking the same driver go one at a time: the second reads the first's trips and is told who took them.
     */
    schedule(id: string, input: Schedule, context: ChangeContext) {
      return move(id, ['APPROVED'], 'SCHEDULED', context, async (tx, row) => {
        const driverIds = [...input.buses.map((bus) => bus.driverId)].sort();
        const vehicleIds = [...input.buses.map((bus) => bus.vehicleId)].sort();
        const drivers = new Map<string, NonNullable<Awaited<ReturnType<typeof lockStandInDriver>>>>();
        for (const driverId of driverIds) {
          const driver = await lockStandInDriver(tx, driverId);
          if (!driver)
            throw badRequest('That driver no longer exists.', [
              { field: 'buses', message: 'Choose a driver' },
            ]);
          drivers.set(driverId, driver);
        }
        const vehicles = new Map<string, NonNullable<Awaited<ReturnType<typeof lockStandInVehicle>>>>();
        for (const vehicleId of vehicleIds) {
          const vehicle = await lockStandInVehicle(tx, vehicleId);
          if (!vehicle)
            throw badRequest('That vehicle no longer exists.', [
              { field: 'buses', message: 'Choose a vehicle' },
            ]);
          vehicles.set(vehicleId, vehicle);
        }
        const span = await spanOf(tx, row);
        const why = await busyOn(tx, row.trip.tripDate, span, row.trip.id);
        const busy = [
          ...[...drivers.values()].map((d) => ({
            name: d.name,
            reasons: why.get(`driver:${d.id}`),
            field: 'driverId',
          })),
          ...[...vehicles.values()].map((v) => ({
            name: v.licensePlate,
            reasons: why.get(`vehicle:${v.id}`),
            field: 'vehicleId',
          })),
        ].filter((holder) => holder.reasons);
        if (busy.length) {
          const [first] = busy;
          // "is scheduled for" another trip that committed while this office was choosing: "was just scheduled".
          const words = first!.reasons![0]!.replace(/^is scheduled for/, 'was just scheduled for');
          throw conflict(
            `${first!.name} ${words}: choose another.`,
            busy.map((holder) => ({
              field: holder.field,
              message: `${holder.name} ${holder.reasons!.join('; ')}`,
            })),
          );
        }
        const full = await vehiclesByIds(tx, vehicleIds);
        const seats = full.reduce((sum, v) => sum + v.capacity, 0);
        const wheelchairs = full.reduce((sum, v) => sum + v.wheelchairPlaces, 0);
        const needed = row.trip.pupils + row.trip.adults;
        if (seats < needed)
          throw conflict(`The vehicles have ${seats} seats; the group is ${needed} (pupils and adults).`, [
            { field: 'vehicleIds', message: 'Choose vehicles with enough seats' },
          ]);
        if (wheelchairs < row.trip.wheelchairPlaces)
          throw conflict(
            `The vehicles have ${wheelchairs} wheelchair places; the group needs ${row.trip.wheelchairPlaces}.`,
            [{ field: 'vehicleIds', message: 'Choose vehicles with enough wheelchair places' }],
          );
        // The start's own gate, read for the trip's day (credentials; an out-of-service defect).
        for (const bus of input.buses) {
          const blockers = await compliance.coverBlockers(tx, bus, row.trip.tripDate);
          if (blockers.length)
            throw conflict(`The bus cannot run on ${dayInWords(row.trip.tripDate)}: ${blockers.join(' ')}`, [
              ...blockers.map((message) => ({ field: 'compliance', message })),
            ]);
        }
        const km = await kmOf(tx, row);
        const hours = hoursBetween(span.busyFrom, span.busyTo);
        let estimate = 0;
        for (const vehicle of full)
          estimate += busCost(await rateFor(tx, vehicle.type, 'vehicleIds'), hours, km);
        const inserted = await insertBusTrips(
          tx,
          input.buses.map((bus) => {
            const driver = drivers.get(bus.driverId)!;
            return {
              fieldTripId: row.trip.id,
              assignmentId: null,
              // A field trip's bus is one outing; "PICKUP" is the trips table's required run kind (decision 073).
              type: 'PICKUP' as const,
              tripDate: row.trip.tripDate,
              routeName: `Field trip: ${row.trip.destinationName} (${row.schoolName})`,
              driverName: driver.name,
              driverLicenseNo: driver.licenseNo,
              driverPhone: driver.phone,
              vehiclePlate: vehicles.get(bus.vehicleId)!.licensePlate,
              driverId: driver.id,
              vehicleId: bus.vehicleId,
              routeId: null,
              plannedStartAt: span.busyFrom,
            };
          }),
        );
        const tripIds = inserted.map((trip) => trip.id);
        await writeStatusEvents(tx, live, tripIds, 'PENDING');
        return {
          busyFrom: span.busyFrom,
          busyTo: span.busyTo,
          estimatedKm: km,
          estimatedCost: round2(estimate),
          estimateVehicleType: [...new Set(full.map((v) => v.type))].join(', '),
          tripIds,
        };
      });
    },

    /**
     * After the trip: the actual cost from each bus's hours (its trip's start to finish) and the distance it drove
     * (decision 078): its recorded positions when it has enough of them, else the odometer distance the office
     * entered, else the estimate; at its vehicle type's rate. Each bus's distance and source are kept.
     */
    complete(id: string, input: Complete, context: ChangeContext) {
      return move(id, ['SCHEDULED'], 'COMPLETED', context, async (tx, row) => {
        const buses = (await busesOf(tx, [row.trip.id])).filter((bus) => bus.status !== 'CANCELLED');
        const open = buses.find((bus) => bus.status !== 'COMPLETED');
        if (open || !buses.length)
          throw conflict(
            open
              ? `${open.driverName}'s bus ${open.vehiclePlate} has not finished its trip yet: complete the field trip after it.`
              : 'No bus ran this field trip.',
          );
        const fixes = await positionsOfTrips(
          tx,
          buses.map((bus) => bus.tripId),
        );
        const estimate = row.trip.estimatedKm ?? (await kmOf(tx, row));
        let cost = 0;
        let minutes = 0;
        const distances: FieldTripBusDistance[] = [];
        for (const bus of buses) {
          const track = trackKm(fixes.filter((fix) => fix.tripId === bus.tripId));
          const [km, source]: [number, DistanceSource] =
            track.positions >= MIN_DISTANCE_POSITIONS
              ? [track.km, 'POSITIONS']
              : input.distanceKm !== undefined
                ? [input.distanceKm, 'ODOMETER']
                : [estimate, 'ESTIMATE'];
          distances.push({
            tripId: bus.tripId,
            vehiclePlate: bus.vehiclePlate,
            km,
            source,
            positions: track.positions,
          });
          const hours = hoursBetween(bus.startedAt!, bus.completedAt!);
          minutes += Math.round(hours * 60);
          cost += busCost(await rateFor(tx, bus.vehicleType ?? '', 'distanceKm'), hours, km);
        }
        return {
          actualCost: round2(cost),
          actualKm: round2(distances.reduce((sum, bus) => sum + bus.km, 0)),
          actualMinutes: minutes,
          actualDistance: distances,
        };
      });
    },

    /** The children attached to a field trip, for whoever may see it (decision 078). */
    async children(id: string, user: Requester): Promise<FieldTripChild[]> {
      await seen(id, user);
      return childrenOfFieldTrip(db, id);
    },

    /** The picker: children of the trip's school matching the search (at most 50), for whoever may attach them. */
    async childCandidates(
      id: string,
      search: string | undefined,
      user: Requester,
    ): Promise<FieldTripChild[]> {
      const row = await seen(id, user);
      return childrenOfSchool(db, row.trip.schoolId, { search, limit: 50 });
    },

    /**
     * The list made exactly `studentIds` (decision 078): children of the trip's school only, no more than its
     * pupils, while the trip is still to run and none of its buses has set off. One transaction with its audit entry.
     */
    async setChildren(
      id: string,
      input: ChildrenInput,
      context: ChangeContext & { actorRole: Role },
    ): Promise<FieldTripChild[]> {
      await seen(id, { id: context.actor.id, role: context.actorRole });
      await db.transaction(async (tx) => {
        const row = await lockFieldTrip(tx, id);
        if (!row) throw tripNotFound();
        if (!LIST_OPEN.includes(row.trip.state))
          throw conflict(
            `The field trip is ${FIELD_TRIP_STATE_WORDS[row.trip.state].toLowerCase()}: its children can no longer be changed.`,
          );
        const running = (await busesOf(tx, [id])).find(
          (bus) => bus.status === 'STARTED' || bus.status === 'COMPLETED',
        );
        if (running)
          throw conflict(
            `${running.driverName}'s bus ${running.vehiclePlate} has already set off: the children can no longer be changed.`,
          );
        const found = await childrenOfSchool(tx, row.trip.schoolId, { ids: input.studentIds });
        if (found.length !== input.studentIds.length)
          throw badRequest(`Only children of ${row.schoolName} can go on its field trip.`, [
            { field: 'studentIds', message: `Choose children of ${row.schoolName}` },
          ]);
        if (found.length > row.trip.pupils)
          throw badRequest(
            `The list has ${found.length} children; the trip is for ${row.trip.pupils} pupils.`,
            [{ field: 'studentIds', message: `At most ${row.trip.pupils} children` }],
          );
        const { added, removed } = await replaceChildren(tx, id, input.studentIds, context.actor.id);
        await recordAudit(tx, {
          ...context,
          action: 'field-trip.children',
          entityType: 'field-trip',
          entityId: id,
          details: { added, removed, count: found.length },
        });
      });
      return childrenOfFieldTrip(db, id);
    },

    /** A driver's own field trip bus: another driver's is not found. */
    async forDriver(userId: string, tripId: string): Promise<DriverFieldTrip> {
      const row = await fieldTripOfDriversTrip(db, userId, tripId);
      if (!row) throw tripNotFound();
      const children = (await childCounts(db, [row.trip.id])).get(row.trip.id) ?? 0;
      return {
        tripId: row.tripId,
        destinationAddress: row.trip.destinationAddress,
        ...driverSummary(row.trip, row.schoolName, children, timeZone),
      };
    },

    async notices(userId: string): Promise<FieldTripNotice[]> {
      return (await noticesOf(db, userId)).map((row) => ({
        id: row.id,
        fieldTripId: row.fieldTripId,
        state: row.state,
        message: row.message,
        createdAt: row.createdAt.toISOString(),
      }));
    },

    async rates(): Promise<FieldTripRate[]> {
      return (await listRates(db)).map(({ vehicleType, perHour, perKm, minimum }) => ({
        vehicleType,
        perHour,
        perKm,
        minimum,
      }));
    },

    async saveRate(input: RateInput, context: ChangeContext): Promise<FieldTripRate> {
      return db.transaction(async (tx) => {
        const row = await upsertRate(tx, input);
        await recordAudit(tx, {
          ...context,
          action: 'field-trip-rate.saved',
          entityType: 'field-trip-rate',
          details: { ...input },
        });
        return { vehicleType: row.vehicleType, perHour: row.perHour, perKm: row.perKm, minimum: row.minimum };
      });
    },

    async removeRate(vehicleType: string, context: ChangeContext): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await deleteRate(tx, vehicleType);
        if (!row) throw notFound('Rate not found.');
        await recordAudit(tx, {
          ...context,
          action: 'field-trip-rate.deleted',
          entityType: 'field-trip-rate',
          details: { vehicleType },
        });
      });
    },

    async depot(): Promise<Depot> {
      const row = await depotOf(db);
      return row ? { name: row.name, lat: row.lat, lng: row.lng } : null;
    },

    async saveDepot(input: DepotData, context: ChangeContext): Promise<NonNullable<Depot>> {
      return db.transaction(async (tx) => {
        const row = await saveDepot(tx, input);
        await recordAudit(tx, {
          ...context,
          action: 'depot.saved',
          entityType: 'depot',
          details: { ...input },
        });
        return { name: row.name, lat: row.lat, lng: row.lng };
      });
    },

    /** A school's completed field trips of the period, each at its actual cost, and their total. */
    async invoice(query: InvoiceQuery): Promise<Invoice> {
      const school = await schoolOf(db, query.schoolId);
      if (!school) throw notFound('School not found.');
      const rows = await completedOfSchool(db, query.schoolId, query.dateFrom, query.dateTo);
      const lines = rows.map((row) => ({
        fieldTripId: row.id,
        date: row.tripDate,
        destination: row.destinationName,
        hours: round2((row.actualMinutes ?? 0) / 60),
        km: row.actualKm ?? 0,
        kmSource: distanceSourceOf(row.state, row.actualDistance),
        amount: row.actualCost ?? 0,
      }));
      const cents = lines.reduce((sum, line) => sum + Math.round(line.amount * 100), 0);
      return {
        school: { id: school.id, name: school.name, address: school.address },
        dateFrom: query.dateFrom,
        dateTo: query.dateTo,
        lines,
        total: cents / 100,
      };
    },
  };
}
export type FieldTripService = ReturnType<typeof createFieldTripService>;
