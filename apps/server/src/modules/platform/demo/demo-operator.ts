import type { FastifyInstance, InjectOptions } from 'fastify';
import type {
  BusRoute,
  Driver,
  DriverTrip,
  Manifest,
  ParentDetails,
  Stop,
  Vehicle,
} from '@school-transport/shared';
import {
  CITIES,
  FIRST_NAMES,
  LAST_NAMES,
  SCHOOLS,
  VEHICLE_COLOURS,
  VEHICLE_MODELS,
} from '@school-transport/shared';
import type { Database } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { addDays, isWeekday, zonedDate } from '../../../lib/zoned-time.js';
import { hashPassword } from '../users/index.js';
import { setUserPassword } from './demo-queries.js';

/**
 * The demo operator (`npm run demo`): a small, coherent school transport operator in Bengaluru, written through the
 * product's own API (app.inject), so every record passes the same validation, transactions and audit as the
 * office's would. Three schools, one route each with a morning and an afternoon run of stops with times, families
 * seated on them, drivers with driver-app accounts, a calendar, trips for the coming school days, and this
 * morning's first run in progress with scans and positions.
 */
export const DEMO_ACCOUNTS = {
  /** Created as the first administrator when the demo server starts (scripts/run-server.mjs sets ADMIN_*). */
  admin: { email: 'admin@demo.example.com', name: 'Asha Rao', password: 'demo office password 2026' },
  driverPassword: 'demo driver password 2026',
  /** Both guardians of the first family's first child (two homes; the second reads the portal in Spanish). */
  guardians: ['family-1-1@demo.example.com', 'abuela-1-1@demo.example.com'],
  guardianPassword: 'demo parent password 2026',
} as const;

/** The first driver's e-mail: the one whose morning is in progress. */
export const DEMO_DRIVER_EMAIL = 'driver1@demo.example.com';

export interface DemoSummary {
  driverEmail: string;
  /** The child both demo guardians look after. */
  sharedChild: string;
  routes: number;
  stops: number;
  children: number;
  trips: number;
  events: number;
}

type Api = <T>(method: InjectOptions['method'], url: string, payload?: unknown) => Promise<T>;

function apiAs(app: FastifyInstance, token: string | null): Api {
  return async <T>(method: InjectOptions['method'], url: string, payload?: unknown) => {
    const answer = await app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
    if (answer.statusCode >= 300)
      throw new Error(`demo: ${method} ${url} answered ${answer.statusCode}: ${answer.body}`);
    return (answer.json() as { data: T }).data;
  };
}

async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const answer = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const body = answer.json() as { token?: string };
  if (answer.statusCode !== 200 || !body.token)
    throw new Error(`demo: signing in as ${email} answered ${answer.statusCode}`);
  return body.token;
}

/** A deterministic sequence, so every demo folder holds the same operator. */
function pseudoRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Each school's route: its morning run starts `start` and reaches the school before `bell`; the afternoon run
 * leaves at `back`, after `dismissal`. */
const ROUTE_PLANS = [
  {
    school: SCHOOLS[0],
    direction: 'North',
    bearing: [0.02, 0.004],
    start: '07:10',
    bell: '08:00',
    dismissal: '15:10',
    back: '15:20',
  },
  {
    school: SCHOOLS[1],
    direction: 'East',
    bearing: [0.004, 0.02],
    start: '07:25',
    bell: '08:15',
    dismissal: '15:25',
    back: '15:35',
  },
  {
    school: SCHOOLS[2],
    direction: 'South',
    bearing: [-0.02, -0.004],
    start: '07:40',
    bell: '08:30',
    dismissal: '15:40',
    back: '15:50',
  },
] as const;
const STOPS_PER_RUN = 5;
const CHILDREN_PER_STOP = 3;

/** Fills an empty demo folder; the folder's first administrator must exist already (the server's start made it). */
export async function fillDemoOperator(
  app: FastifyInstance,
  db: Database,
  clock: Clock,
  timeZone: string,
): Promise<DemoSummary> {
  const random = pseudoRandom(20_261_123);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const city = CITIES[0];
  const admin = apiAs(app, await signIn(app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password));

  const today = zonedDate(clock(), timeZone);
  // The demo shows a school morning: on a weekend the office has made today a make-up school day.
  if (!isWeekday(today))
    await admin('PUT', `/api/calendar/${today}`, { kind: 'SCHOOL_DAY', note: 'Make-up day (demo)' });
  // A holiday on the first weekday of next week, so the calendar shows one.
  let holiday = addDays(today, 7);
  while (!isWeekday(holiday)) holiday = addDays(holiday, 1);
  await admin('PUT', `/api/calendar/${holiday}`, { kind: 'HOLIDAY', note: 'Founders’ day' });

  const driverEmails: string[] = [];
  let firstRouteId = '';
  let sharedChild = { id: '', name: '' };
  let stopCount = 0;
  let childCount = 0;
  for (const [index, plan] of ROUTE_PLANS.entries()) {
    // The school itself, where its route ends (the city's centre, a few hundred metres apart), on the Schools screen.
    await admin('POST', '/api/schools/create', {
      name: plan.school,
      lat: city.lat + (index - 1) * 0.004,
      lng: city.lng,
      address: `${index + 1} School Road, ${city.name}`,
      bellTime: plan.bell,
      dismissalTime: plan.dismissal,
    });
    const surname = pick(LAST_NAMES);
    const driver = await admin<Driver>('POST', '/api/drivers/create', {
      name: `${pick(FIRST_NAMES)} ${surname}`,
      email: `driver${index + 1}@demo.example.com`,
      phone: `+91 98450 ${String(11_000 + index).padStart(5, '0')}`,
      licenseNo: `KA01 2019 00${4_711 + index}`,
      address: `${12 + index} Depot Road, ${city.name}`,
    });
    driverEmails.push(driver.user.email);
    const vehicle = await admin<Vehicle>('POST', '/api/vehicles/create', {
      licensePlate: `KA01AB${1_200 + index}`,
      model: VEHICLE_MODELS[index % VEHICLE_MODELS.length],
      type: 'Bus',
      color: VEHICLE_COLOURS[index % VEHICLE_COLOURS.length],
      capacity: 40,
    });
    const route = await admin<BusRoute>('POST', '/api/routes/create', {
      name: `${plan.school} – ${plan.direction}`,
      startLocation: `${plan.direction} Depot`,
      endLocation: plan.school,
      distanceKm: 14,
      durationMin: 50,
    });

    // Stops strung out from the school in the route's direction; three children wait at each.
    const stops: Stop[] = [];
    const studentsAt: string[][] = [];
    for (let s = 0; s < STOPS_PER_RUN; s++) {
      const distance = STOPS_PER_RUN - s;
      const lat = city.lat + plan.bearing[0] * distance + (random() - 0.5) * 0.002;
      const lng = city.lng + plan.bearing[1] * distance + (random() - 0.5) * 0.002;
      const stop = await admin<Stop>('POST', '/api/stops/create', {
        name: `${plan.direction} ${pick(['Cross', 'Circle', 'Main Road', 'Park', 'Market'])} ${s + 1}`,
        lat,
        lng,
        address: `${s + 1}th Cross, ${plan.direction} ${city.name}`,
      });
      stops.push(stop);
      const family = await admin<ParentDetails>('POST', '/api/parents/create', {
        name: `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`,
        email: `family-${index + 1}-${s + 1}@demo.example.com`,
        phone: `+91 99000 ${String(index * 100 + s).padStart(5, '0')}`,
        alternativePhone: `080 4000 ${String(index * 100 + s).padStart(4, '0')}`,
        address: `${s + 3} ${plan.direction} Street`,
        city: city.name,
        state: city.state,
        pinCode: '560001',
        children: Array.from({ length: CHILDREN_PER_STOP }, (_, c) => ({
          name: `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`,
          class: String(1 + Math.floor(random() * 10)),
          rollNo: String(1 + Math.floor(random() * 40)),
          nfcTagId: `04D${index}${s}${c}A1B2C3`,
          pickupAndDropLat: lat + (random() - 0.5) * 0.003,
          pickupAndDropLng: lng + (random() - 0.5) * 0.003,
          pickupDropAddress: `${c + 1} ${plan.direction} Lane`,
        })),
      });
      studentsAt.push(family.students.map((student) => student.id));
      if (index === 0 && s === 0)
        sharedChild = { id: family.students[0]!.id, name: family.students[0]!.name };
    }
    if (index === 0) firstRouteId = route.id;
    stopCount += stops.length;
    const studentIds = studentsAt.flat();
    childCount += studentIds.length;
    await admin('POST', '/api/route-assignments/create', {
      driverId: driver.id,
      vehicleId: vehicle.id,
      routeId: route.id,
      studentIds,
    });
    // Morning: farthest stop first, to school. Afternoon: the same stops the other way round.
    const morning = stops.map((stop, s) => ({ stopId: stop.id, minutesAfterStart: s * 7 }));
    const afternoon = [...stops]
      .reverse()
      .map((stop, s) => ({ stopId: stop.id, minutesAfterStart: 10 + s * 7 }));
    await admin('PUT', `/api/routes/${route.id}/runs/PICKUP`, { startTime: plan.start, stops: morning });
    await admin('PUT', `/api/routes/${route.id}/runs/DROP`, { startTime: plan.back, stops: afternoon });
    for (const [s, ids] of studentsAt.entries()) {
      for (const id of ids) {
        await admin('PUT', `/api/students/${id}/stops/PICKUP`, { stopId: stops[s]!.id });
        await admin('PUT', `/api/students/${id}/stops/DROP`, { stopId: stops[s]!.id });
      }
    }
    // One child of the first route is not riding this morning: the manifest shows it.
    if (index === 0)
      await admin('POST', `/api/students/${studentsAt[1]![0]}/absences`, {
        date: today,
        run: 'PICKUP',
        reason: 'Doctor’s appointment',
      });
  }
  for (const email of driverEmails)
    await setUserPassword(db, email, await hashPassword(DEMO_ACCOUNTS.driverPassword));

  // Today's trips and the next school days'.
  let trips = 0;
  for (let day = 0, date = today; day < 7; day++, date = addDays(date, 1)) {
    if (day > 0 && (!isWeekday(date) || date === holiday)) continue;
    trips += (await admin<{ created: number }>('POST', '/api/trips/generate', { date })).created;
  }

  // This morning, the first driver is on the road: started, two stops served, positions on the way.
  const events = await runFirstMorning(app, driverEmails[0]!, clock);
  await addFamilyLife(app, db, admin, { child: sharedChild.id, routeId: firstRouteId, today });
  return {
    driverEmail: driverEmails[0]!,
    sharedChild: sharedChild.name,
    routes: ROUTE_PLANS.length,
    stops: stopCount,
    children: childCount,
    trips,
    events,
  };
}

async function runFirstMorning(app: FastifyInstance, driverEmail: string, clock: Clock): Promise<number> {
  const driver = apiAs(app, await signIn(app, driverEmail, DEMO_ACCOUNTS.driverPassword));
  const [trip] = (await driver<DriverTrip[]>('GET', '/api/driver/today')).filter((t) => t.type === 'PICKUP');
  if (!trip) return 0;
  await driver('POST', `/api/driver/trips/${trip.id}/start`, {});
  const manifest = await driver<Manifest>('GET', `/api/driver/trips/${trip.id}`);
  // The morning is played in fast motion from the moment of the start: a real start cannot be dated back, and scans
  // dated before it would show the office children boarding a bus that had not left.
  const startedAt = clock().getTime();
  const secondsIn = (seconds: number) => new Date(startedAt + seconds * 1000).toISOString();
  const served = manifest.stops.slice(0, 2);
  const events = served.flatMap((stop, s) =>
    manifest.riders
      .filter((rider) => rider.stopPosition === stop.position && !rider.absent)
      .map((rider, r) => ({
        eventId: crypto.randomUUID(),
        tripId: trip.id,
        kind: 'BOARD',
        studentId: rider.studentId,
        method: r === 0 ? 'TAP' : 'NFC',
        occurredAt: secondsIn(1 + s * 21),
        lat: stop.lat,
        lng: stop.lng,
        accuracy: 8,
      })),
  );
  if (events.length > 0) await driver('POST', '/api/driver/events', { events });
  // A fix a second along the way from the first stop (left after 1 s) to the second (reached at 22 s) and beyond.
  const [from, to] = served;
  if (from && to) {
    const positions = Array.from({ length: 24 }, (_, i) => ({
      positionId: crypto.randomUUID(),
      tripId: trip.id,
      lat: from.lat + ((to.lat - from.lat) * i) / 20,
      lng: from.lng + ((to.lng - from.lng) * i) / 20,
      accuracy: 10,
      // Stopped at each stop (a stop counts as reached at walking speed), 7 m/s in between.
      speed: i === 0 || i === 20 ? 0 : 7,
      recordedAt: secondsIn(2 + i),
    }));
    await driver('POST', '/api/driver/positions', { positions });
  }
  return events.length;
}

/**
 * The families' side (issue 35): the first family's first child gets a second guardian in another home, who reads
 * the portal in Spanish; a grandmother authorized to receive the child; an office message to the first route; and
 * a question the first guardian has sent the office, still open. Both guardians get the demo's parent password.
 */
async function addFamilyLife(
  app: FastifyInstance,
  db: Database,
  admin: Api,
  { child, routeId, today }: { child: string; routeId: string; today: string },
): Promise<void> {
  const [firstEmail, secondEmail] = DEMO_ACCOUNTS.guardians;
  const second = await admin<ParentDetails>('POST', '/api/parents/create', {
    name: 'Lucía Fernández',
    email: secondEmail,
    phone: '+91 99000 77001',
    alternativePhone: '080 4000 7701',
    address: '14 Lake View Road',
    city: CITIES[0].name,
    state: CITIES[0].state,
    pinCode: '560034',
  });
  await admin('POST', `/api/students/${child}/guardians`, { parentId: second.id, relation: 'GRANDPARENT' });
  for (const email of DEMO_ACCOUNTS.guardians)
    await setUserPassword(db, email, await hashPassword(DEMO_ACCOUNTS.guardianPassword));
  const spanish = apiAs(app, await signIn(app, secondEmail, DEMO_ACCOUNTS.guardianPassword));
  await spanish('PUT', '/api/account/language', { language: 'es' });

  await admin('POST', `/api/students/${child}/authorized-adults`, {
    name: 'Meena Iyer',
    relation: 'Neighbour',
    phone: '+91 99000 77002',
  });
  await admin('POST', '/api/family-messages/create', {
    audience: { kind: 'route', id: routeId },
    body: 'Road works on 5th Cross from Monday: the bus may be about 10 minutes late this week.',
  });
  const first = apiAs(app, await signIn(app, firstEmail, DEMO_ACCOUNTS.guardianPassword));
  await first('POST', '/api/parent/threads', {
    studentId: child,
    date: today,
    body: 'Her grandmother collects her on Friday afternoon.',
  });
}
