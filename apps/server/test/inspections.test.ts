import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checklist, DriverVehicleDay, VehicleInspections } from '@school-transport/shared';
import { alerts, auditLog, inspections, trips, vehicles } from '../src/db/schema/index.js';
import { createAlertService } from '../src/modules/operations/alerts/alert-service.js';
import { createChildCheckAlerts } from '../src/modules/operations/inspections/child-check-alerts.js';
import { inspectionBlockers } from '../src/modules/operations/inspections/inspection-queries.js';
import { createLiveLog } from '../src/modules/operations/live/live-log.js';
import { tokenFor } from './support/accounts.js';
import { busWithTrips, type Bus } from './support/buses.js';
import { apiAs, type Api } from './support/requests.js';
import { expectStoredFileHeaders, storedName } from './support/stored-files.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

/**
 * Pre-trip inspections, defects and the child check: the office's checklists, the driver's inspection (stored once
 * by its device-made id, a defect out of service blocking the bus until an admin closes it), the child-check tag
 * and CHILD_CHECK_MISSING. Times are London's, GMT in March.
 */
const TODAY = '2026-03-02';
const time = manualClock(new Date(`${TODAY}T06:30:00Z`));
let t: TestApp;
let admin: Api;
let bus: Bus;
let other: Bus;
const db = () => t.app.database.db;

/** The vehicle type the checklist is for, written in another case than the vehicle's: types compare without case. */
const BUS_TYPE = 'Minibus Inspected';

beforeAll(async () => {
  t = await createTestApp({ clock: time.clock, env: { TIME_ZONE: 'Europe/London' } });
  admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
  bus = await busWithTrips(t.app, admin, time.clock, { start: [] });
  other = await busWithTrips(t.app, admin, time.clock, { start: [] });
  await db().update(vehicles).set({ type: BUS_TYPE }).where(eq(vehicles.id, bus.vehicle.id));
  // Another type for the other bus, whatever the factory picked.
  await db().update(vehicles).set({ type: 'Van Unchecked' }).where(eq(vehicles.id, other.vehicle.id));
});
afterAll(() => t.close());

const checklistBody = (vehicleType = BUS_TYPE.toUpperCase()) => ({
  vehicleType,
  items: [
    { id: 'brakes', label: 'Brakes' },
    { id: 'lights', label: 'Lights' },
    { id: 'exit', label: 'Emergency exit' },
  ],
});

const vehicleDay = async (api: Api, vehicleId: string) => {
  const answer = await api('GET', '/api/driver/inspections');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data as DriverVehicleDay[]).find((row) => row.vehicleId === vehicleId)!;
};

const allOk = () => ['brakes', 'lights', 'exit'].map((itemId) => ({ itemId, ok: true }));

async function redSquare(): Promise<string> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();
  return png.toString('base64');
}

describe('checklists (office)', () => {
  it('creates one per vehicle type, refuses a second for the same type in any case, edits and deletes', async () => {
    const created = await admin('POST', '/api/inspections/checklists', checklistBody('Scratch Type'));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const checklist = created.body.data as Checklist;
    expect(checklist.items.map((item) => item.label)).toEqual(['Brakes', 'Lights', 'Emergency exit']);

    const twin = await admin('POST', '/api/inspections/checklists', checklistBody('scratch TYPE'));
    expect(twin.status).toBe(409);
    expect(twin.body.message).toBe('There is already a checklist for this vehicle type.');

    const empty = await admin('POST', '/api/inspections/checklists', { vehicleType: 'Empty', items: [] });
    expect(empty.status).toBe(400);

    const edited = await admin('PUT', `/api/inspections/checklists/${checklist.id}`, {
      vehicleType: 'Scratch Type',
      items: [{ id: 'tyres', label: 'Tyres' }],
    });
    expect(edited.status).toBe(200);
    expect((edited.body.data as Checklist).items).toEqual([{ id: 'tyres', label: 'Tyres' }]);

    expect((await admin('DELETE', `/api/inspections/checklists/${checklist.id}`)).status).toBe(200);
    expect((await admin('DELETE', `/api/inspections/checklists/${checklist.id}`)).status).toBe(404);
    const audited = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, checklist.id));
    expect(audited.map((row) => row.action).sort()).toEqual([
      'inspection-checklist.create',
      'inspection-checklist.delete',
      'inspection-checklist.update',
    ]);
  });
});

describe('the pre-trip inspection', () => {
  let defectId: string;

  it('needs none for a vehicle whose type has no checklist', async () => {
    expect(await inspectionBlockers(db(), other.vehicle.id, TODAY)).toEqual([]);
    const day = await vehicleDay(other.driverApi, other.vehicle.id);
    expect(day).toMatchObject({ checklist: null, blockers: [] });
  });

  it('is due once the type has a checklist, and the start is refused until it is done', async () => {
    expect((await admin('POST', '/api/inspections/checklists', checklistBody())).status).toBe(200);
    const day = await vehicleDay(bus.driverApi, bus.vehicle.id);
    expect(day.checklist?.map((item) => item.id)).toEqual(['brakes', 'lights', 'exit']);
    expect(day.inspectedToday).toBe(false);
    expect(day.blockers).toEqual([`No pre-trip inspection of ${bus.vehicle.licensePlate} today.`]);

    const start = await bus.driverApi('POST', `/api/driver/trips/${bus.pickup}/start`);
    expect(start.status).toBe(409);
    expect(start.body.message).toContain(`No pre-trip inspection of ${bus.vehicle.licensePlate} today.`);
  });

  it('refuses another driver, an item left out and a checklist item it does not know', async () => {
    const body = {
      inspectionId: randomUUID(),
      vehicleId: bus.vehicle.id,
      completedAt: time.clock().toISOString(),
    };
    expect(
      (await other.driverApi('POST', '/api/driver/inspections', { ...body, items: allOk() })).status,
    ).toBe(404);
    const short = await bus.driverApi('POST', '/api/driver/inspections', {
      ...body,
      items: allOk().slice(1),
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Check every item: Brakes.');
    const stranger = await bus.driverApi('POST', '/api/driver/inspections', {
      ...body,
      items: [...allOk(), { itemId: 'wipers', ok: true }],
    });
    expect(stranger.status).toBe(409);
    const noNote = await bus.driverApi('POST', '/api/driver/inspections', {
      ...body,
      items: [{ itemId: 'brakes', ok: false }, ...allOk().slice(1)],
    });
    expect(noNote.status).toBe(400);
    expect(await db().select().from(inspections).where(eq(inspections.vehicleId, bus.vehicle.id))).toEqual(
      [],
    );
  });

  it('stores an out-of-service defect with its photo once, raises the alert and blocks the vehicle', async () => {
    time.advance(new Date(`${TODAY}T07:05:00Z`).getTime() - time.clock().getTime());
    const inspectionId = randomUUID();
    const body = {
      inspectionId,
      vehicleId: bus.vehicle.id,
      completedAt: new Date(`${TODAY}T07:02:00Z`).toISOString(),
      items: [
        { itemId: 'brakes', ok: false, note: 'Grinding noise', outOfService: true, photo: await redSquare() },
        { itemId: 'lights', ok: false, note: 'Left indicator dim' },
        { itemId: 'exit', ok: true },
      ],
    };
    const first = await bus.driverApi('POST', '/api/driver/inspections', body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ duplicate: false, defects: 2, outOfService: true });
    // The outbox sends it again after a lost answer: stored once.
    const replay = await bus.driverApi('POST', '/api/driver/inspections', body);
    expect(replay.body.data).toMatchObject({ duplicate: true, defects: 2, outOfService: true });
    expect(await db().select().from(inspections).where(eq(inspections.id, inspectionId))).toHaveLength(1);

    const raised = await db().select().from(alerts).where(eq(alerts.kind, 'VEHICLE_OUT_OF_SERVICE'));
    expect(raised).toHaveLength(1);
    expect(raised[0]!.message).toContain(
      `Vehicle ${bus.vehicle.licensePlate} is out of service: Brakes — Grinding noise`,
    );

    const blocker = `Vehicle ${bus.vehicle.licensePlate} is out of service: Brakes — Grinding noise (reported 2 Mar 07:02).`;
    expect(await inspectionBlockers(db(), bus.vehicle.id, TODAY, 'Europe/London')).toEqual([blocker]);
    const day = await vehicleDay(bus.driverApi, bus.vehicle.id);
    expect(day).toMatchObject({ inspectedToday: true, blockers: [blocker] });
    const start = await bus.driverApi('POST', `/api/driver/trips/${bus.pickup}/start`);
    expect(start.status).toBe(409);
    expect(start.body.message).toContain(blocker);

    const office = await admin('GET', `/api/inspections/vehicles/${bus.vehicle.id}`);
    const seen = office.body.data as VehicleInspections;
    expect(seen.needsInspection).toBe(true);
    expect(seen.inspections[0]).toMatchObject({
      id: inspectionId,
      inspectedOn: TODAY,
      driverName: bus.driver.user.name,
    });
    expect(seen.openDefects.map((defect) => [defect.itemLabel, defect.outOfService])).toEqual([
      ['Brakes', true],
      ['Lights', false],
    ]);
    const photo = seen.openDefects[0]!.photo!;
    const image = await t.app.inject({ method: 'GET', url: photo });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expectStoredFileHeaders(image, storedName(photo));
    const unsigned = await t.app.inject({ method: 'GET', url: photo.split('?')[0]! });
    expect(unsigned.statusCode).toBe(401);
    defectId = seen.openDefects[0]!.id;
  });

  it('frees the vehicle once an admin closes the defect with a note (audited); a second close is refused', async () => {
    expect((await admin('POST', `/api/inspections/defects/${defectId}/close`, { note: '' })).status).toBe(
      400,
    );
    const closed = await admin('POST', `/api/inspections/defects/${defectId}/close`, {
      note: 'Pads replaced',
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const again = await admin('POST', `/api/inspections/defects/${defectId}/close`, { note: 'Again' });
    expect(again.status).toBe(409);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'inspection-defect.close'), eq(auditLog.entityId, bus.vehicle.id)));
    expect(entry?.details).toMatchObject({ defectId, note: 'Pads replaced' });

    expect(await inspectionBlockers(db(), bus.vehicle.id, TODAY)).toEqual([]);
    const open = (await admin('GET', '/api/inspections/defects')).body.data as { itemLabel: string }[];
    expect(open.map((defect) => defect.itemLabel)).toEqual(['Lights']);
    const start = await bus.driverApi('POST', `/api/driver/trips/${bus.pickup}/start`);
    expect(start.status, JSON.stringify(start.body)).toBe(200);
  });
});

describe('the child check', () => {
  const TAG = 'BACK0F8U5';
  const finish = async (tripId: string, at: string) => {
    await db()
      .update(trips)
      .set({
        status: 'COMPLETED',
        startedAt: new Date(`${TODAY}T${at}:00Z`),
        completedAt: new Date(`${TODAY}T${at}:00Z`),
      })
      .where(eq(trips.id, tripId));
  };
  const check = (api: Api, tripId: string, fields: object) =>
    api('POST', '/api/driver/child-checks', {
      checkId: randomUUID(),
      tripId,
      checkedAt: time.clock().toISOString(),
      ...fields,
    });
  const childCheckAlerts = () => {
    const live = createLiveLog(() => t.app.liveHub.committed());
    const timeZone = t.config.timeZone;
    return createChildCheckAlerts({
      db: db(),
      clock: time.clock,
      timeZone,
      alerts: createAlertService({ db: db(), clock: time.clock, live, timeZone }),
      live,
    });
  };

  it("fixes one tag per bus: a tag already in another bus is refused with that bus's plate", async () => {
    const lower = TAG.toLowerCase();
    expect(
      (await admin('PUT', `/api/inspections/vehicles/${bus.vehicle.id}/tag`, { tagId: lower })).status,
    ).toBe(200);
    const taken = await admin('PUT', `/api/inspections/vehicles/${other.vehicle.id}/tag`, { tagId: TAG });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(`This tag is already fixed in bus ${bus.vehicle.licensePlate}.`);
    // Replacing its own tag with the same one is fine.
    expect(
      (await admin('PUT', `/api/inspections/vehicles/${bus.vehicle.id}/tag`, { tagId: TAG })).status,
    ).toBe(200);
    expect(
      ((await admin('GET', `/api/inspections/vehicles/${bus.vehicle.id}`)).body.data as VehicleInspections)
        .tagId,
    ).toBe(TAG);
  });

  it('is due only after the last trip of the day, takes only the tag of that bus, and is stored once', async () => {
    await finish(bus.pickup, '08:30');
    time.advance(2 * 3600_000);
    // The afternoon run is still to come: no check yet.
    expect((await vehicleDay(bus.driverApi, bus.vehicle.id)).childCheckTripId).toBeNull();
    expect((await check(bus.driverApi, bus.pickup, { method: 'TAG', tagId: TAG })).status).toBe(409);

    await finish(bus.drop, '16:00');
    // Ended five minutes ago: the check is made after the trip ended, and within two hours (decision 051).
    const ended = new Date(time.clock().getTime() - 5 * 60_000);
    await db().update(trips).set({ startedAt: ended, completedAt: ended }).where(eq(trips.id, bus.drop));
    expect(await vehicleDay(bus.driverApi, bus.vehicle.id)).toMatchObject({
      childCheckTripId: bus.drop,
      childCheckDone: false,
    });
    const wrong = await check(bus.driverApi, bus.drop, { method: 'TAG', tagId: 'NOTTHISONE' });
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toBe(
      `This is not the tag of ${bus.vehicle.licensePlate}. Scan the tag at the back of the bus.`,
    );
    expect((await check(other.driverApi, bus.drop, { method: 'TAG', tagId: TAG })).status).toBe(404);
    expect((await check(bus.driverApi, bus.drop, { method: 'TAP' })).status).toBe(400);

    const checkId = randomUUID();
    const body = {
      checkId,
      tripId: bus.drop,
      method: 'TAG',
      tagId: TAG,
      checkedAt: time.clock().toISOString(),
    };
    const done = await bus.driverApi('POST', '/api/driver/child-checks', body);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toEqual({ checkId, duplicate: false });
    expect((await bus.driverApi('POST', '/api/driver/child-checks', body)).body.data).toEqual({
      checkId,
      duplicate: true,
    });
    expect((await vehicleDay(bus.driverApi, bus.vehicle.id)).childCheckDone).toBe(true);
  });

  it('is taken for two hours after the trip ended, dated between its end and now', async () => {
    const late = await busWithTrips(t.app, admin, time.clock, { children: 1 });
    await admin('PUT', `/api/inspections/vehicles/${late.vehicle.id}/tag`, { tagId: 'LATEBUS01' });
    await finish(late.pickup, '08:00');
    await finish(late.drop, '16:30');
    time.advance(new Date(`${TODAY}T17:00:00Z`).getTime() - time.clock().getTime());
    const backdated = await check(late.driverApi, late.drop, {
      method: 'TAG',
      tagId: 'LATEBUS01',
      checkedAt: `${TODAY}T16:00:00Z`,
    });
    expect(backdated.status).toBe(409);
    expect(backdated.body.message).toBe(
      "A child check at 16:00 is not between the trip's end (16:30) and now; nothing was recorded.",
    );
    time.advance(new Date(`${TODAY}T18:31:00Z`).getTime() - time.clock().getTime());
    const closed = await check(late.driverApi, late.drop, { method: 'TAG', tagId: 'LATEBUS01' });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe('This trip ended at 16:30; it no longer takes child checks.');
  });

  it(`raises CHILD_CHECK_MISSING once, after the last trip has been finished for the due minutes`, async () => {
    await finish(other.pickup, '08:00');
    await finish(other.drop, '16:10');
    // 16:10 + 14 minutes: not yet.
    time.advance(new Date(`${TODAY}T16:24:00Z`).getTime() - time.clock().getTime());
    expect(await childCheckAlerts().run()).toEqual([]);
    time.advance(2 * 60_000);
    const raised = await childCheckAlerts().run();
    expect(raised.map((alert) => [alert.kind, alert.tripId])).toEqual([['CHILD_CHECK_MISSING', other.drop]]);
    expect(raised[0]!.message).toContain(`No child check on ${other.vehicle.licensePlate}`);
    expect(await childCheckAlerts().run()).toEqual([]);

    // Hours went by on the test clock: the morning's admin session has ended.
    admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
    const office = await admin('GET', `/api/inspections/vehicles/${other.vehicle.id}`);
    expect(office.status, JSON.stringify(office.body)).toBe(200);
    const seen = office.body.data as VehicleInspections;
    expect(seen.childChecks).toEqual([
      expect.objectContaining({ tripId: other.drop, method: null, checkedAt: null }),
    ]);
    const checked = (await admin('GET', `/api/inspections/vehicles/${bus.vehicle.id}`)).body
      .data as VehicleInspections;
    expect(checked.childChecks).toEqual([expect.objectContaining({ tripId: bus.drop, method: 'TAG' })]);

    // A tap with a reason still records the check once the alert is out.
    const tapped = await check(other.driverApi, other.drop, {
      method: 'TAP',
      reason: 'Tag missing from the bus',
    });
    expect(tapped.status).toBe(200);
  });
});
