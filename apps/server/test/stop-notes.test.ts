import fs from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOP_NOTE_MAX, type Manifest, type Stop } from '@school-transport/shared';
import { auditLog, trips, tripStops } from '../src/db/schema/index.js';
import { tokenFor } from './support/accounts.js';
import { busWithTrips, type Bus } from './support/buses.js';
import { apiAs, type Api } from './support/requests.js';
import { multipart, png, storedName, uploadImage } from './support/stored-files.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

/**
 * Stops' notes and photos (issue 34 item 6, decision 058): the office writes both; a driver rewrites the note of
 * a stop of the trip they drive now, and no other; the live manifest carries each stop's note and photo link to
 * its driver, a finished trip's record neither. Two drivers on two routes each time.
 */
const TODAY = '2026-03-02';
const time = manualClock(new Date(`${TODAY}T08:10:00Z`));
let t: TestApp;
let adminToken: string;
let admin: Api;

beforeAll(async () => {
  t = await createTestApp({
    clock: time.clock,
    env: {
      TIME_ZONE: 'Europe/London',
      LOG_LEVEL: 'silent',
      DATA_DIR: await fs.mkdtemp('/tmp/st-stop-notes-'),
    },
  });
  adminToken = await tokenFor(t.app, 'admin');
  admin = apiAs(t.app, adminToken);
});
afterAll(async () => {
  await t.close();
  await fs.rm(t.config.dataDir, { recursive: true, force: true });
});

async function newStop(name: string, note: string | null = null): Promise<Stop> {
  const answer = await admin('POST', '/api/stops/create', { name, lat: 51.5, lng: -0.12, note });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data as Stop;
}

/** A bus whose morning trip (started at 08:00) passes `stops` in order, copied as generation copies them. */
async function busThrough(stops: Stop[]): Promise<Bus> {
  const bus = await busWithTrips(t.app, admin, time.clock, { children: 1, date: TODAY });
  await t.app.database.db.insert(tripStops).values(
    stops.map((stop, index) => ({
      tripId: bus.pickup,
      position: index + 1,
      stopId: stop.id,
      name: stop.name,
      lat: stop.lat,
      lng: stop.lng,
    })),
  );
  return bus;
}

const noteAs = (bus: Bus, tripId: string, stopId: string, note: unknown) =>
  bus.driverApi('PUT', `/api/driver/trips/${tripId}/stops/${stopId}/note`, { note });

const auditOf = (stopId: string, action: string) =>
  t.app.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, stopId), eq(auditLog.action, action)));

describe('a stop’s note and photo, in the office', () => {
  it('keeps a note, refuses one too long next to its field, and takes, serves and removes a photo, audited', async () => {
    const stop = await newStop('Mill Lane gate', '  Gate code 4411 ');
    expect(stop).toMatchObject({ note: 'Gate code 4411', profileImage: null });

    const tooLong = await admin('PUT', `/api/stops/update/${stop.id}`, {
      name: stop.name,
      lat: stop.lat,
      lng: stop.lng,
      note: 'x'.repeat(STOP_NOTE_MAX + 1),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toContainEqual({
      field: 'note',
      message: `Note must be at most ${STOP_NOTE_MAX} characters`,
    });

    const edited = await admin('PUT', `/api/stops/update/${stop.id}`, {
      name: stop.name,
      lat: stop.lat,
      lng: stop.lng,
      note: 'Wait at the corner, not the driveway',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.note).toBe('Wait at the corner, not the driveway');
    const [updated] = await auditOf(stop.id, 'stop.updated');
    expect(updated!.details).toMatchObject({
      note: { from: 'Gate code 4411', to: 'Wait at the corner, not the driveway' },
    });

    const uploaded = await uploadImage(t.app, adminToken, 'stop', stop.id, {
      data: await png(),
      type: 'image/png',
      name: 'gate.png',
    });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const photo = uploaded.body.data.profileImage as string;
    expect(photo).toMatch(/^\/api\/uploads\/profile\/stop\/[0-9a-f-]{36}\.webp\?expires=\d+&signature=/);
    expect((await t.app.inject({ method: 'GET', url: photo })).statusCode).toBe(200);
    const read = (await admin('GET', `/api/stops/get-one/${stop.id}`)).body.data as Stop;
    expect(storedName(read.profileImage!)).toBe(storedName(photo));
    expect(await auditOf(stop.id, 'stop.image_updated')).toHaveLength(1);

    const removed = await admin('DELETE', `/api/upload/profile/stop/${stop.id}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body).toMatchObject({ message: 'Photo removed.', data: { profileImage: null } });
    expect((await admin('GET', `/api/stops/get-one/${stop.id}`)).body.data.profileImage).toBeNull();
    expect(await auditOf(stop.id, 'stop.image_removed')).toHaveLength(1);
    // The old link no longer serves a file: it was moved away with the removal.
    expect((await t.app.inject({ method: 'GET', url: photo })).statusCode).toBe(404);
    expect(
      (await admin('DELETE', `/api/upload/profile/stop/00000000-0000-4000-8000-000000000000`)).status,
    ).toBe(404);
  });
});

describe('a stop’s note, by the driver driving through it now', () => {
  it('is rewritten by the driver of the running trip through the stop, audited; refused to another driver, off the trip, before the start and after the end', async () => {
    const shared = await newStop('Shared corner', 'Gate code 4411');
    const annOnly = await newStop('Ann’s school gate');
    const benOnly = await newStop('Ben’s depot');
    const ann = await busThrough([shared, annOnly]);
    const ben = await busThrough([benOnly, shared]);

    const saved = await noteAs(ann, ann.pickup, shared.id, '  Gate code 5520 since Monday ');
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      message: 'Note saved.',
      data: { stopId: shared.id, note: 'Gate code 5520 since Monday' },
    });
    const [entry] = await auditOf(shared.id, 'stop.note_updated');
    expect(entry).toMatchObject({
      actorId: ann.driver.user.id,
      details: { note: { from: 'Gate code 4411', to: 'Gate code 5520 since Monday' }, tripId: ann.pickup },
    });
    // The office and the other driver through the stop read the new note.
    expect((await admin('GET', `/api/stops/get-one/${shared.id}`)).body.data.note).toBe(
      'Gate code 5520 since Monday',
    );
    const benManifest = (await ben.driverApi('GET', `/api/driver/trips/${ben.pickup}`)).body.data as Manifest;
    expect(benManifest.stops.find((stop) => stop.stopId === shared.id)!.note).toBe(
      'Gate code 5520 since Monday',
    );

    // Ann's trip does not pass Ben's depot; Ann cannot write through Ben's trip; too long is refused at its field.
    expect((await noteAs(ann, ann.pickup, benOnly.id, 'x')).status).toBe(404);
    expect((await noteAs(ann, ben.pickup, benOnly.id, 'x')).status).toBe(404);
    expect((await noteAs(ann, ben.pickup, shared.id, 'x')).status).toBe(404);
    const tooLong = await noteAs(ann, ann.pickup, shared.id, 'x'.repeat(STOP_NOTE_MAX + 1));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors[0].field).toBe('note');

    // Not yet started (the afternoon trip), and finished: refused in words.
    await t.app.database.db.insert(tripStops).values({
      tripId: ann.drop,
      position: 1,
      stopId: annOnly.id,
      name: annOnly.name,
      lat: annOnly.lat,
      lng: annOnly.lng,
    });
    const pending = await noteAs(ann, ann.drop, annOnly.id, 'x');
    expect(pending.status).toBe(409);
    expect(pending.body.message).toMatch(/only while you drive a trip through it/);
    await t.app.database.db
      .update(trips)
      .set({ status: 'COMPLETED', completedAt: time.clock() })
      .where(eq(trips.id, ann.pickup));
    expect((await noteAs(ann, ann.pickup, shared.id, 'x')).status).toBe(409);
    // A blank note clears it (Ben still drives through the stop).
    const cleared = await noteAs(ben, ben.pickup, shared.id, '  ');
    expect(cleared.body.data).toEqual({ stopId: shared.id, note: null });

    // Only drivers: the office uses the stop form, parents and strangers are refused.
    expect(
      (await admin('PUT', `/api/driver/trips/${ben.pickup}/stops/${shared.id}/note`, { note: 'x' })).status,
    ).toBe(403);
    const parent = apiAs(t.app, await tokenFor(t.app, 'parent'));
    expect(
      (await parent('PUT', `/api/driver/trips/${ben.pickup}/stops/${shared.id}/note`, { note: 'x' })).status,
    ).toBe(403);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/api/driver/trips/${ben.pickup}/stops/${shared.id}/note`,
      payload: { note: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    // Nor may a driver remove or upload a stop's photo.
    expect((await ben.driverApi('DELETE', `/api/upload/profile/stop/${shared.id}`)).status).toBe(403);
  });
});

/** A photo sent from the driver's phone for a stop of `tripId`, as its form sends it (multipart, `image`). */
async function photoAs(
  authorization: string,
  tripId: string,
  stopId: string,
  file?: { data: Buffer; type: string; name: string },
) {
  const { payload, contentType } = await multipart({}, file);
  const answer = await t.app.inject({
    method: 'POST',
    url: `/api/driver/trips/${tripId}/stops/${stopId}/photo`,
    headers: { authorization, 'content-type': contentType },
    payload,
  });
  return { status: answer.statusCode, body: answer.json() };
}

describe('a stop’s photo, from the phone of the driver driving through it now', () => {
  it('is taken by the driver of the running trip through the stop and replaces the old one, audited; refused to another driver, off the trip, not running, and for a file that is not an image', async () => {
    const shared = await newStop('Photo corner');
    const benOnly = await newStop('Ben’s photo depot');
    const ann = await busThrough([shared]);
    const ben = await busThrough([benOnly]);
    const image = async () => ({ data: await png(), type: 'image/png', name: 'corner.png' });

    const first = await photoAs(ann.driverToken, ann.pickup, shared.id, await image());
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ message: 'Photo saved.', data: { stopId: shared.id } });
    const firstUrl = first.body.data.photoUrl as string;
    expect(firstUrl).toMatch(/^\/api\/uploads\/profile\/stop\/[0-9a-f-]{36}\.webp\?expires=\d+&signature=/);
    expect((await t.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(200);
    // The office and the manifest read the new photo; a second one replaces it and the first file goes.
    const office = (await admin('GET', `/api/stops/get-one/${shared.id}`)).body.data as Stop;
    expect(storedName(office.profileImage!)).toBe(storedName(firstUrl));
    const second = await photoAs(ann.driverToken, ann.pickup, shared.id, await image());
    expect(second.status).toBe(200);
    const manifest = (await ann.driverApi('GET', `/api/driver/trips/${ann.pickup}`)).body.data as Manifest;
    expect(storedName(manifest.stops[0]!.photoUrl!)).toBe(storedName(second.body.data.photoUrl));
    expect((await t.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404);
    const audited = await auditOf(shared.id, 'stop.image_updated');
    expect(audited).toHaveLength(2);
    expect(audited[0]).toMatchObject({ actorId: ann.driver.user.id, details: { tripId: ann.pickup } });

    // Another driver's trip, a stop off the trip: as if they did not exist. Not an image: 415; no file: 400.
    expect((await photoAs(ann.driverToken, ben.pickup, benOnly.id, await image())).status).toBe(404);
    expect((await photoAs(ann.driverToken, ann.pickup, benOnly.id, await image())).status).toBe(404);
    const text = { data: Buffer.from('not a picture'), type: 'image/png', name: 'fake.png' };
    expect((await photoAs(ann.driverToken, ann.pickup, shared.id, text)).status).toBe(415);
    const pdf = { data: Buffer.from('%PDF-1.4'), type: 'application/pdf', name: 'a.pdf' };
    expect((await photoAs(ann.driverToken, ann.pickup, shared.id, pdf)).status).toBe(415);
    const none = await photoAs(ann.driverToken, ann.pickup, shared.id);
    expect(none.status).toBe(400);
    expect(none.body.errors[0].field).toBe('image');
    // The office and parents are not drivers; a finished trip takes no photo, in words.
    expect((await photoAs(adminToken, ann.pickup, shared.id, await image())).status).toBe(403);
    expect(
      (await photoAs(await tokenFor(t.app, 'parent'), ann.pickup, shared.id, await image())).status,
    ).toBe(403);
    await t.app.database.db
      .update(trips)
      .set({ status: 'COMPLETED', completedAt: time.clock() })
      .where(eq(trips.id, ann.pickup));
    const finished = await photoAs(ann.driverToken, ann.pickup, shared.id, await image());
    expect(finished.status).toBe(409);
    expect(finished.body.message).toMatch(/photo can be changed only while you drive a trip through it/);
    expect(await auditOf(shared.id, 'stop.image_updated')).toHaveLength(2);
  });
});

describe('the manifest’s stops', () => {
  it('carry each stop’s note and a signed photo link to the trip’s driver and the office, and neither in a finished trip’s record', async () => {
    const gate = await newStop('Orchard gate', 'Wait at the corner, not the driveway');
    const plain = await newStop('Plain stop');
    await uploadImage(t.app, adminToken, 'stop', gate.id, {
      data: await png(),
      type: 'image/png',
      name: 'g.png',
    });
    const bus = await busThrough([gate, plain]);

    const manifest = (await bus.driverApi('GET', `/api/driver/trips/${bus.pickup}`)).body.data as Manifest;
    const [first, second] = manifest.stops;
    expect(first).toMatchObject({ stopId: gate.id, note: 'Wait at the corner, not the driveway' });
    expect(first!.photoUrl).toMatch(
      /^\/api\/uploads\/profile\/stop\/[0-9a-f-]{36}\.webp\?expires=\d+&signature=/,
    );
    expect((await t.app.inject({ method: 'GET', url: first!.photoUrl! })).statusCode).toBe(200);
    expect(second).toMatchObject({ stopId: plain.id, note: null, photoUrl: null });
    const office = (await admin('GET', `/api/trips/${bus.pickup}/manifest`)).body.data as Manifest;
    expect(office.stops[0]!.note).toBe('Wait at the corner, not the driveway');

    // Unsigned, the photo is refused to the driver's session: a driver reaches it only through their manifest.
    const unsigned = first!.photoUrl!.split('?')[0]!;
    expect((await bus.driverApi('GET', unsigned)).status).toBe(401);

    await t.app.database.db
      .update(trips)
      .set({ status: 'COMPLETED', completedAt: time.clock() })
      .where(eq(trips.id, bus.pickup));
    const record = (await bus.driverApi('GET', `/api/driver/trips/${bus.pickup}`)).body.data as Manifest;
    expect(record.stops.map((stop) => [stop.note, stop.photoUrl])).toEqual([
      [null, null],
      [null, null],
    ]);
  });
});
