import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { uniqueTag } from '@school-transport/testing';
import { createThroughApi, postThroughApi } from './api';
import { assignThroughApi, createParts, localToday, type Parts } from './assignments-helpers';
import { expect, storedToken } from './fixtures';
import { inviteDriver } from './driver-trip';

/**
 * A trip of today that the test drives as the driver's phone would, through the driver API, while the office
 * watches the dispatcher's screens: a route with two stops on its morning run, starting now, a driver with a
 * driver-app account, one child seated and one child of the same family who is not (scanning them is a wrong-bus
 * scan). Records carry the test's tag: the database is shared with the tests running beside this one.
 */
export interface LiveDay {
  tag: string;
  parts: Parts;
  routeName: string;
  tripId: string;
  stops: { name: string; lat: number; lng: number }[];
  /** The stops' ids, in the run's order. */
  stopIds: string[];
  seatedChildId: string;
  otherChildId: string;
  /** The driver's session token, for the driver API. */
  driverToken: string;
}

/** HH:MM now on this machine's clock, which is the server's zone (TIME_ZONE is not set for the browser tests). */
function clockNow(): string {
  const now = new Date();
  return `${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`;
}

/**
 * Generates today's trips (as the office's button does) and answers the morning trip of `routeName` (or its
 * afternoon one, `type` DROP); `page` must be signed in as the admin, `authorization` its token.
 */
export async function generateTodaysPickup(
  page: Page,
  authorization: string,
  routeName: string,
  type: 'PICKUP' | 'DROP' = 'PICKUP',
) {
  const today = localToday();
  await postThroughApi(page, 'trips/generate', { date: today });
  const list = await page.request.get(
    `/api/trips/get-all?${new URLSearchParams({ dateFrom: today, dateTo: today, type, search: routeName, limit: '10' })}`,
    { headers: { authorization } },
  );
  expect(list.status(), await list.text()).toBe(200);
  const trips = ((await list.json()) as { data: { id: string; route: { name: string } }[] }).data;
  const trip = trips.find((row) => row.route.name === routeName);
  expect(trip, `a ${type} trip of ${routeName} today`).toBeTruthy();
  return trip!;
}

/** Makes the day through the admin API; `page` must be signed in as the admin. */
export async function createLiveDay(page: Page): Promise<LiveDay> {
  const tag = uniqueTag();
  const parts = await createParts(page, tag, 4, 2);
  await assignThroughApi(page, parts, 1);
  const authorization = (await storedToken(page)) ?? '';

  // Two stops far from the children's pickup points (and from other tests' stops), five minutes apart.
  const stops = [
    { name: `Mill ${tag}`, lat: 13.101, lng: 77.701 },
    { name: `Bridge ${tag}`, lat: 13.111, lng: 77.711 },
  ];
  const stopIds = [];
  for (const stop of stops) stopIds.push(await createThroughApi(page, 'stops', stop));
  const saved = await page.request.put(`/api/routes/${parts.ids.routeId}/runs/PICKUP`, {
    headers: { authorization },
    data: {
      startTime: clockNow(),
      stops: stopIds.map((stopId, index) => ({ stopId, minutesAfterStart: index * 5 })),
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  const password = await inviteDriver(page, parts, tag);
  const login = await page.request.post('/api/auth/login', {
    data: { email: parts.driver.email, password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const driverToken = ((await login.json()) as { token: string }).token;

  const trip = await generateTodaysPickup(page, authorization, parts.route.name);

  const [seatedChildId = '', otherChildId = ''] = parts.ids.studentIds;
  return {
    tag,
    parts,
    routeName: parts.route.name,
    tripId: trip.id,
    stops,
    stopIds,
    seatedChildId,
    otherChildId,
    driverToken,
  };
}

/** The driver's phone, speaking to the driver API with the driver's session. */
export function driverPhone(request: APIRequestContext, day: Pick<LiveDay, 'tripId' | 'driverToken'>) {
  const headers = { authorization: day.driverToken };
  const send = async (path: string, data: unknown) => {
    const answer = await request.post(`/api/driver/${path}`, { headers, data });
    expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
  };
  return {
    start: () => send(`trips/${day.tripId}/start`, {}),
    /** A child boards (scanned by tap), now. */
    board: (studentId: string) =>
      send('events', {
        events: [
          {
            eventId: randomUUID(),
            tripId: day.tripId,
            kind: 'BOARD',
            studentId,
            method: 'TAP',
            occurredAt: new Date().toISOString(),
          },
        ],
      }),
    /** A fix of the bus, standing still, recorded `secondsAgo` seconds ago. */
    position: (lat: number, lng: number, secondsAgo = 0) =>
      send('positions', {
        positions: [
          {
            positionId: randomUUID(),
            tripId: day.tripId,
            lat,
            lng,
            accuracy: 8,
            speed: 0,
            recordedAt: new Date(Date.now() - secondsAgo * 1000).toISOString(),
          },
        ],
      }),
  };
}
