import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CredentialKind, Driver, Vehicle } from '@school-transport/shared';
import { type Records, recordsThrough } from '@school-transport/testing';
import { auditLog, trips } from '../src/db/schema/index.js';
import { tokenFor } from './support/accounts.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, manualClock, TEST_DB, type TestApp } from './support/test-app.js';

/**
 * Trip starts and assignments racing with a change that expires a blocking credential: each start and each
 * assignment either commits before the change (its audit entry comes first) or is refused (409). None goes through
 * after the change with the credential read as it was. On PGlite (one connection) the requests queue; PostgreSQL is
 * the real test.
 */
const TODAY = '2026-03-02';
const time = manualClock(new Date(`${TODAY}T08:00:00Z`));
const RACES = 24;
const STARTS_PER_RACE = 4;
const BATCH = 6;

let t: TestApp;
let api: Api;
let make: Records;
let licence: CredentialKind;
let insurance: CredentialKind;

beforeAll(async () => {
  t = await createTestApp({ clock: time.clock, env: { LOG_LEVEL: 'silent', TIME_ZONE: 'Europe/London' } });
  api = apiAs(t.app, await tokenFor(t.app, 'admin'));
  make = recordsThrough(api);
  const kinds = (await api('GET', '/api/credential-kinds/get-all?limit=100')).body.data as CredentialKind[];
  licence = kinds.find((kind) => kind.name === 'Driving licence')!;
  insurance = kinds.find((kind) => kind.name === 'Insurance')!;
});
afterAll(() => t.close());

const saveCredential = (body: object) => api('POST', '/api/credentials/save', body);

async function pendingTrips(driver: Driver, vehicle: Vehicle, n: number): Promise<string[]> {
  const rows = await t.app.database.db
    .insert(trips)
    .values(
      Array.from({ length: n }, () => ({
        type: 'PICKUP' as const,
        tripDate: TODAY,
        routeName: 'Race route',
        driverName: driver.user.name,
        driverLicenseNo: driver.licenseNo,
        driverPhone: driver.phone,
        vehiclePlate: vehicle.licensePlate,
        driverId: driver.id,
        vehicleId: vehicle.id,
      })),
    )
    .returning({ id: trips.id });
  return rows.map((row) => row.id);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The audit entry ids of `action` on `ids`: their order is the order the writes held their locks in. */
async function auditIds(action: string, ids: string[]) {
  const rows = await t.app.database.db
    .select({ id: auditLog.id, entityId: auditLog.entityId })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), inArray(auditLog.entityId, ids)));
  return new Map(rows.map((row) => [row.entityId!, row.id]));
}

describe('an expiring blocker racing with trip starts', () => {
  it('never lets a trip start after the change that expired its driver or vehicle', async () => {
    const tally: Record<string, number> = {};
    for (let done = 0; done < RACES; done += BATCH) {
      await Promise.all(
        Array.from({ length: BATCH }, async (_, i) => {
          const race = done + i;
          const [driver, vehicle] = await Promise.all([make.driver(), make.vehicle()]);
          // Half the races expire the driver's licence, half the vehicle's insurance.
          const holder =
            race % 2
              ? { driverId: driver.id, kindId: licence.id }
              : { vehicleId: vehicle.id, kindId: insurance.id };
          const saved = await saveCredential({ ...holder, number: `R-${race}`, expiresOn: '2027-01-01' });
          expect(saved.status).toBe(200);
          const ids = await pendingTrips(driver, vehicle, STARTS_PER_RACE);
          const starts = ids.map(async (id, n) => {
            await pause(((race + n) % 4) * 3);
            return api('POST', `/api/trips/start/${id}`);
          });
          await pause((race % 5) * 3);
          const expired = await saveCredential({ ...holder, number: `R-${race}`, expiresOn: TODAY });
          expect(expired.status).toBe(200);
          const answers = await Promise.all(starts);
          for (const answer of answers)
            expect([200, 409], JSON.stringify(answer.body)).toContain(answer.status);
          const started = ids.filter((_, n) => answers[n]!.status === 200);
          const key = `${started.length} of ${STARTS_PER_RACE} started`;
          tally[key] = (tally[key] ?? 0) + 1;
          const startedAt = await auditIds('trip.started', started);
          const renewedAt = (await auditIds('credential.renewed', [saved.body.data.id])).get(
            saved.body.data.id,
          )!;
          for (const id of started) expect(startedAt.get(id)!).toBeLessThan(renewedAt);
          // Every refusal says why, in words.
          for (const answer of answers.filter((a) => a.status === 409))
            expect(answer.body.message).toMatch(/expired on 2 Mar 2026\.$/);
        }),
      );
    }
    console.info(`${TEST_DB}: ${JSON.stringify(tally)}`);
  }, 180_000);

  it('never creates an assignment after the change that expired its driver', async () => {
    const tally: Record<string, number> = {};
    for (let done = 0; done < RACES; done += BATCH) {
      await Promise.all(
        Array.from({ length: BATCH }, async (_, i) => {
          const race = done + i;
          const [driver, vehicle, route] = await Promise.all([
            make.driver(),
            make.vehicle(),
            make.busRoute(),
          ]);
          const holder = { driverId: driver.id, kindId: licence.id };
          const saved = await saveCredential({ ...holder, number: `A-${race}`, expiresOn: '2027-01-01' });
          // The assignment's checks take more statements than the renewal: it is sent first, 0 to 25 ms ahead.
          const created = api('POST', '/api/route-assignments/create', {
            driverId: driver.id,
            vehicleId: vehicle.id,
            routeId: route.id,
          });
          await pause((race % 6) * 5);
          expect((await saveCredential({ ...holder, number: `A-${race}`, expiresOn: TODAY })).status).toBe(
            200,
          );
          const answer = await created;
          expect([201, 409], JSON.stringify(answer.body)).toContain(answer.status);
          tally[answer.status] = (tally[answer.status] ?? 0) + 1;
          if (answer.status === 201) {
            const createdAt = (await auditIds('assignment.created', [answer.body.data.id])).get(
              answer.body.data.id,
            )!;
            const renewedAt = (await auditIds('credential.renewed', [saved.body.data.id])).get(
              saved.body.data.id,
            )!;
            expect(createdAt).toBeLessThan(renewedAt);
          }
        }),
      );
    }
    console.info(`${TEST_DB}: ${JSON.stringify(tally)}`);
  }, 180_000);
});
