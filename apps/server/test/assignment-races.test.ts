import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Records, recordsThrough } from '@school-transport/testing';
import { tokenFor } from './support/accounts.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, TEST_DB, type TestApp } from './support/test-app.js';

/**
 * Deleting a driver or a route while an assignment naming it is created or updated: one of the two wins, the
 * other is told why (409, or 400 for a driver or route that is gone), never a 500. On PGlite (one connection)
 * the requests queue, so the race only bites on PostgreSQL; both run it.
 */
let t: TestApp;
let api: Api;
let make: Records;

const RACES = 64;
/** Races run this many at a time: enough to overlap in the pool, few enough to keep the machine usable. */
const BATCH = 8;

beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'silent' } });
  api = apiAs(t.app, await tokenFor(t.app, 'admin'));
  make = recordsThrough(api);
});
afterAll(() => t.close());

type Answer = Awaited<ReturnType<Api>>;

/**
 * Sends both calls, the write `headStartMs` earlier: the delete needs fewer statements before its lock, so with
 * no head start it always wins. Spreading the head start over a few milliseconds makes each side win some races
 * and puts the two locks in every order; it staggers the start, it does not wait for anything.
 */
async function together(
  remove: () => Promise<Answer>,
  write: () => Promise<Answer>,
  headStartMs: number,
): Promise<[Answer, Answer]> {
  const written = write();
  await new Promise((resolve) => setTimeout(resolve, headStartMs));
  return [await remove(), await written];
}

/** Runs `race` RACES times, BATCH at a time, and answers every status seen (delete and write). */
async function runRaces(race: (headStartMs: number) => Promise<[Answer, Answer]>) {
  const outcomes: Array<{ deleted: number; written: number; body: unknown }> = [];
  for (let done = 0; done < RACES; done += BATCH) {
    const batch = await Promise.all(Array.from({ length: BATCH }, (_, i) => race(((done + i) % 8) * 8)));
    for (const [deleted, written] of batch)
      outcomes.push({ deleted: deleted.status, written: written.status, body: written.body });
  }
  return outcomes;
}

function expectOneWinner(outcomes: Awaited<ReturnType<typeof runRaces>>) {
  const tally: Record<string, number> = {};
  for (const { deleted, written } of outcomes)
    tally[`delete ${deleted}/write ${written}`] = (tally[`delete ${deleted}/write ${written}`] ?? 0) + 1;
  console.info(`${TEST_DB}: ${JSON.stringify(tally)}`);
  for (const outcome of outcomes) {
    const label = JSON.stringify(outcome);
    expect([200, 409], label).toContain(outcome.deleted);
    expect([200, 201, 400, 409], label).toContain(outcome.written);
    // Exactly one side wins: a deleted driver or route is never left in an assignment, and vice versa.
    expect(outcome.deleted === 200, label).toBe(outcome.written >= 400);
  }
}

const resources = [
  { resource: 'drivers', field: 'driverId' },
  { resource: 'routes', field: 'routeId' },
] as const;

describe.each(resources)('deleting from $resource while an assignment names it', ({ resource, field }) => {
  it(`never answers 500 to a racing create (${RACES} races, ${TEST_DB})`, async () => {
    const outcomes = await runRaces(async (headStartMs) => {
      const [driver, vehicle, route] = await Promise.all([make.driver(), make.vehicle(), make.busRoute()]);
      const target = field === 'driverId' ? driver : route;
      return together(
        () => api('DELETE', `/api/${resource}/delete/${target.id}`),
        () =>
          api('POST', '/api/route-assignments/create', {
            driverId: driver.id,
            vehicleId: vehicle.id,
            routeId: route.id,
          }),
        headStartMs,
      );
    });
    expectOneWinner(outcomes);
  }, 120_000);

  it(`never answers 500 to a racing update (${RACES} races, ${TEST_DB})`, async () => {
    const outcomes = await runRaces(async (headStartMs) => {
      const [driver, vehicle, route] = await Promise.all([make.driver(), make.vehicle(), make.busRoute()]);
      const created = await api('POST', '/api/route-assignments/create', {
        driverId: driver.id,
        vehicleId: vehicle.id,
        routeId: route.id,
      });
      const replacement = await (field === 'driverId' ? make.driver() : make.busRoute());
      return together(
        () => api('DELETE', `/api/${resource}/delete/${replacement.id}`),
        () =>
          api('PUT', `/api/route-assignments/update/${created.body.data.id}`, {
            driverId: driver.id,
            vehicleId: vehicle.id,
            routeId: route.id,
            [field]: replacement.id,
          }),
        headStartMs,
      );
    });
    expectOneWinner(outcomes);
  }, 120_000);
});
