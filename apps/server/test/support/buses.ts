import type { FastifyInstance } from 'fastify';
import { recordsThrough, uniqueTag } from '@school-transport/testing';
import type { TripType } from '@school-transport/shared';
import { trips } from '../../src/db/schema/index.js';
import { createSession } from '../../src/modules/platform/auth/sessions.js';
import type { Clock } from '../../src/lib/clock.js';
import { apiAs, type Api } from './requests.js';

/**
 * A bus as the driver app sees it: a driver record with a session of its own (drivers sign in at /driver; here
 * the session is written directly), a vehicle, a route, `children` seated children, and the assignment's pickup
 * and drop trips of `date`, those in `start` started (at `startedAt`, by default now: events and positions are taken
 * only with times from the trip's start on, decision 051). The `children` are of one family; `otherFamily` more
 * children, of a second family, ride the same bus after them.
 */
export async function busWithTrips(
  app: FastifyInstance,
  admin: Api,
  clock: Clock,
  {
    children = 3,
    otherFamily = 0,
    date = '2026-03-02',
    start = ['PICKUP'] as TripType[],
    startedAt = undefined as Date | undefined,
  } = {},
) {
  const make = recordsThrough(admin);
  const [driver, vehicle, route, family, others] = await Promise.all([
    make.driver({ name: `Driver ${uniqueTag()}` }),
    make.vehicle({ capacity: Math.max(30, children + otherFamily) }),
    make.busRoute(),
    make.children(children),
    otherFamily > 0 ? make.children(otherFamily) : [],
  ]);
  const kids = [...family, ...others];
  const assignment = await make.assignment(
    { driverId: driver.id, vehicleId: vehicle.id, routeId: route.id },
    kids.map((kid) => kid.id),
  );
  // Written directly, as generation would write them: these tests are about what happens once a trip runs.
  const rows = await app.database.db
    .insert(trips)
    .values(
      (['PICKUP', 'DROP'] as const).map((type) => ({
        assignmentId: assignment.id,
        type,
        tripDate: date,
        status: start.includes(type) ? ('STARTED' as const) : ('PENDING' as const),
        startedAt: start.includes(type) ? (startedAt ?? clock()) : null,
        routeName: route.name,
        driverName: driver.user.name,
        driverLicenseNo: driver.licenseNo,
        driverPhone: driver.phone,
        vehiclePlate: vehicle.licensePlate,
        driverId: driver.id,
        vehicleId: vehicle.id,
        routeId: route.id,
      })),
    )
    .returning();
  const tripOf = (type: TripType) => rows.find((row) => row.type === type)!.id;
  const lifetimes = { idleMs: 86_400_000, absoluteMs: 86_400_000 };
  const { token } = await createSession(
    app.database.db,
    driver.user.id,
    { ip: '127.0.0.1' },
    clock(),
    lifetimes,
  );
  return {
    driver,
    vehicle,
    kids,
    assignmentId: assignment.id,
    pickup: tripOf('PICKUP'),
    drop: tripOf('DROP'),
    driverApi: apiAs(app, token),
    /** The driver's session, for requests apiAs does not send (a multipart upload). */
    driverToken: token,
  };
}
export type Bus = Awaited<ReturnType<typeof busWithTrips>>;
