import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credential, CredentialKind, Driver, Vehicle } from '@school-transport/shared';
import { minimalPdf, recordsThrough } from '@school-transport/testing';
import {
  alerts,
  auditLog,
  complianceOverrides,
  inspectionDefects,
  inspections,
  trips,
  users,
} from '../src/db/schema/index.js';
import { createAlertService } from '../src/modules/operations/alerts/alert-service.js';
import { credentialExpiryJob } from '../src/modules/operations/compliance/credential-expiry-job.js';
import { runDailyJob } from '../src/modules/platform/jobs/job-claims.js';
import { createLiveLog } from '../src/modules/operations/live/live-log.js';
import type { Mail } from '../src/modules/platform/mail/mailer.js';
import { hashPassword } from '../src/modules/platform/users/passwords.js';
import { login, PASSWORD, tokenFor } from './support/accounts.js';
import { apiAs, type Api } from './support/requests.js';
import { expectStoredFileHeaders, storedName } from './support/stored-files.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

/**
 * Credentials, their kinds, the compliance gate (assignment and trip start, with overrides), the expiry job and
 * the dashboard's panel. The operator's day is 2026-03-02 in London.
 */
const TODAY = '2026-03-02';
const time = manualClock(new Date(`${TODAY}T08:00:00Z`));
let t: TestApp;
let admin: Api;
let adminToken: string;
let make: ReturnType<typeof recordsThrough>;
let kinds: CredentialKind[];
const kind = (name: string) => kinds.find((k) => k.name === name)!;

beforeAll(async () => {
  t = await createTestApp({ clock: time.clock, env: { TIME_ZONE: 'Europe/London' } });
  adminToken = await tokenFor(t.app, 'admin');
  admin = apiAs(t.app, adminToken);
  make = recordsThrough((method, url, body) => admin(method, url, body));
  kinds = (await admin('GET', '/api/credential-kinds/get-all?limit=100')).body.data;
});
afterAll(() => t.close());

const save = (body: object) => admin('POST', '/api/credentials/save', body);
async function credentialOf(
  holder: { driverId?: string; vehicleId?: string },
  kindName: string,
  expiresOn: string,
) {
  const answer = await save({
    ...holder,
    kindId: kind(kindName).id,
    number: `N-${randomUUID().slice(0, 8)}`,
    expiresOn,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as Credential;
}

async function signedInDriver(): Promise<{ driver: Driver; api: Api }> {
  const driver = await make.driver();
  await t.app.database.db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, driver.user.id));
  const token = (await login(t.app, driver.user.email)).json().token as string;
  return { driver, api: apiAs(t.app, token) };
}

/** A pending trip of today for the driver and vehicle, as trip generation would make it. */
async function tripFor(driver: Driver, vehicle: Vehicle) {
  const route = await make.busRoute();
  const assignment = await make.assignment(
    { driverId: driver.id, vehicleId: vehicle.id, routeId: route.id },
    [],
  );
  const [row] = await t.app.database.db
    .insert(trips)
    .values({
      assignmentId: assignment.id,
      type: 'PICKUP',
      tripDate: TODAY,
      routeName: route.name,
      driverName: driver.user.name,
      driverLicenseNo: driver.licenseNo,
      driverPhone: driver.phone,
      vehiclePlate: vehicle.licensePlate,
      driverId: driver.id,
      vehicleId: vehicle.id,
      routeId: route.id,
    })
    .returning();
  return row!;
}

describe('credential kinds', () => {
  it('are seeded with the usual seven, for drivers and for vehicles', () => {
    expect(kinds.map((k) => `${k.subject} ${k.name}`).sort()).toEqual([
      'DRIVER Background check',
      'DRIVER Driving licence',
      'DRIVER Medical certificate',
      'VEHICLE Fitness certificate',
      'VEHICLE Insurance',
      'VEHICLE Permit',
      'VEHICLE Registration',
    ]);
  });

  it('refuses a duplicate name for the same holders (409) but not for the others', async () => {
    const created = await admin('POST', '/api/credential-kinds/create', {
      name: 'First aid',
      subject: 'DRIVER',
      warnDays: 14,
      blocks: false,
    });
    expect(created.status).toBe(201);
    kinds.push(created.body.data);
    const twice = await admin('POST', '/api/credential-kinds/create', {
      name: 'first AID',
      subject: 'DRIVER',
      warnDays: 14,
      blocks: false,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.errors).toEqual([
      { field: 'name', message: 'A kind with this name already exists for the same holders.' },
    ]);
    const forVehicles = await admin('POST', '/api/credential-kinds/create', {
      name: 'First aid',
      subject: 'VEHICLE',
      warnDays: 14,
      blocks: false,
    });
    expect(forVehicles.status).toBe(201);
    const bad = await admin('POST', '/api/credential-kinds/create', {
      name: '',
      subject: 'BUS',
      warnDays: 400,
      blocks: 'yes',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'blocks',
      'name',
      'subject',
      'warnDays',
    ]);
  });

  it('cannot be deleted while held, and says by how many', async () => {
    const created = (
      await admin('POST', '/api/credential-kinds/create', {
        name: 'Child protection course',
        subject: 'DRIVER',
        warnDays: 30,
        blocks: false,
      })
    ).body.data as CredentialKind;
    kinds.push(created);
    const driver = await make.driver();
    const held = await credentialOf({ driverId: driver.id }, 'Child protection course', '2027-01-01');
    const refused = await admin('DELETE', `/api/credential-kinds/delete/${created.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Child protection course is held by 1 credential. Remove or change them first.',
    );
    expect((await admin('DELETE', `/api/credentials/delete/${held.id}`)).status).toBe(200);
    expect((await admin('DELETE', `/api/credential-kinds/delete/${created.id}`)).status).toBe(200);
  });
});

describe('credentials', () => {
  it('are added once per holder and kind: saving again renews, audited', async () => {
    const driver = await make.driver();
    const first = await credentialOf({ driverId: driver.id }, 'Driving licence', '2026-03-20');
    expect(first).toMatchObject({
      subject: 'DRIVER',
      holder: { id: driver.id, name: driver.user.name },
      expiresOn: '2026-03-20',
      state: 'EXPIRING',
      document: null,
    });
    const renewed = await save({
      driverId: driver.id,
      kindId: kind('Driving licence').id,
      number: 'DL-NEW',
      expiresOn: '2031-03-20',
    });
    expect(renewed.body.data).toMatchObject({ id: first.id, number: 'DL-NEW', state: 'VALID' });
    const entries = await t.app.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, first.id))
      .orderBy(asc(auditLog.id));
    expect(entries.map((e) => e.action)).toEqual(['credential.created', 'credential.renewed']);
  });

  it('refuses a kind of the other holders and a request naming no holder or both', async () => {
    const [driver, vehicle] = await Promise.all([make.driver(), make.vehicle()]);
    const wrong = await save({
      driverId: driver.id,
      kindId: kind('Insurance').id,
      number: 'X',
      expiresOn: TODAY,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Insurance is a credential of vehicles.');
    const both = await save({
      driverId: driver.id,
      vehicleId: vehicle.id,
      kindId: kind('Insurance').id,
      number: 'X',
      expiresOn: TODAY,
    });
    expect(both.status).toBe(400);
    expect(both.body.errors).toEqual([{ field: 'driverId', message: 'Choose a driver or a vehicle' }]);
  });

  it('are listed by state, holder type and holder', async () => {
    const vehicle = await make.vehicle();
    const expired = await credentialOf({ vehicleId: vehicle.id }, 'Insurance', TODAY);
    const expiring = await credentialOf({ vehicleId: vehicle.id }, 'Permit', '2026-03-31');
    const valid = await credentialOf({ vehicleId: vehicle.id }, 'Registration', '2026-04-02');
    const ids = async (query: string) =>
      (
        (await admin('GET', `/api/credentials/get-all?vehicleId=${vehicle.id}&${query}`)).body
          .data as Credential[]
      ).map((c) => c.id);
    expect(await ids('state=all')).toEqual([expired.id, expiring.id, valid.id]);
    expect(await ids('state=expired')).toEqual([expired.id]);
    expect(await ids('state=expiring')).toEqual([expiring.id]);
    expect(await ids('subject=DRIVER')).toEqual([]);
    expect(expired.state).toBe('EXPIRED');
    expect(valid.holder.name).toBe(vehicle.licensePlate);
  });

  it('take a scanned document checked by its bytes: an image becomes WebP, a PDF is kept, text is refused', async () => {
    const vehicle = await make.vehicle();
    const credential = await credentialOf({ vehicleId: vehicle.id }, 'Insurance', '2027-01-01');
    const upload = (bytes: Buffer, filename: string, type: string) => {
      const boundary = `----x${randomUUID()}`;
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${credential.id}\r\n`),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app
        .inject({
          method: 'POST',
          url: '/api/credentials/document',
          payload,
          headers: { authorization: adminToken, 'content-type': `multipart/form-data; boundary=${boundary}` },
        })
        .then((answer) => ({ status: answer.statusCode, body: answer.json() }));
    };
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const image = await upload(png, 'scan.pdf', 'application/pdf');
    expect(image.status, JSON.stringify(image.body)).toBe(200);
    expect(image.body.data.documentType).toBe('image/webp');
    const link = image.body.data.document as string;
    expect(link).toMatch(
      /^\/api\/uploads\/documents\/credential\/[0-9a-f-]{36}\.webp\?expires=\d+&signature=/,
    );
    const served = await t.app.inject({ method: 'GET', url: link });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expectStoredFileHeaders(served, storedName(link));
    const unsigned = await t.app.inject({ method: 'GET', url: link.split('?')[0]! });
    expect(unsigned.statusCode).toBe(401);

    const pdf = minimalPdf();
    const kept = await upload(pdf, 'photo.png', 'image/png');
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data.documentType).toBe('application/pdf');
    const pdfServed = await t.app.inject({ method: 'GET', url: kept.body.data.document });
    expect(pdfServed.headers['content-type']).toBe('application/pdf');
    expect(pdfServed.rawPayload.equals(pdf)).toBe(true);
    // Opened from the app's origin, a PDF (scripts, forms) would run as the app: it is a sandboxed download.
    expectStoredFileHeaders(pdfServed, storedName(kept.body.data.document));
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: kept.body.data.document.split('?')[0],
      headers: { authorization: adminToken },
    });
    expectStoredFileHeaders(asAdmin, storedName(kept.body.data.document));

    const text = await upload(Buffer.from('not a document at all'), 'x.pdf', 'application/pdf');
    expect(text.status).toBe(415);
  });

  it('refuse a file that only starts like a PDF, in words, and keep nothing of it', async () => {
    const vehicle = await make.vehicle();
    const credential = await credentialOf({ vehicleId: vehicle.id }, 'Insurance', '2027-01-01');
    const upload = (bytes: Buffer) => {
      const form = new FormData();
      form.append('id', credential.id);
      form.append('document', new Blob([bytes], { type: 'application/pdf' }), 'scan.pdf');
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      return request.arrayBuffer().then((body) =>
        t.app.inject({
          method: 'POST',
          url: '/api/credentials/document',
          payload: Buffer.from(body),
          headers: { authorization: adminToken, 'content-type': request.headers.get('content-type')! },
        }),
      );
    };
    const words = 'This file starts like a PDF but is not one: save or scan it again as a PDF or an image.';
    const good = minimalPdf().toString('latin1');
    const fakes = {
      'a header then junk': `%PDF-1.4\n${'<script>alert(1)</script>'.repeat(20)}`,
      'no end of file marker': good.replace('%%EOF', ''),
      'no cross-reference pointer': good.replace(/startxref\n\d+\n/, ''),
      'a pointer to nothing': good.replace(/startxref\n\d+/, 'startxref\n3'),
      'a pointer past the end': good.replace(/startxref\n\d+/, 'startxref\n999999'),
      'the end marker far from the end': `${good}${' '.repeat(2048)}`,
    };
    for (const [what, fake] of Object.entries(fakes)) {
      const answer = await upload(Buffer.from(fake, 'latin1'));
      expect(answer.statusCode, what).toBe(415);
      expect(answer.json().message, what).toBe(words);
    }
    expect((await admin('GET', `/api/credentials/get-one/${credential.id}`)).body.data.document).toBeNull();
    // Trailing bytes after %%EOF (a line end, a scanner's padding) are what real files have: still a PDF.
    const padded = await upload(Buffer.from(`${good}\r\n\0\0`, 'latin1'));
    expect(padded.statusCode, padded.body).toBe(200);
  });
});

describe('the compliance gate', () => {
  it('refuses an assignment with an expired blocker, in words; an admin overrides with a reason, audited', async () => {
    const [driver, vehicle, route] = await Promise.all([make.driver(), make.vehicle(), make.busRoute()]);
    await credentialOf({ driverId: driver.id }, 'Driving licence', TODAY);
    const body = { driverId: driver.id, vehicleId: vehicle.id, routeId: route.id, studentIds: [] };
    const refused = await admin('POST', '/api/route-assignments/create', body);
    expect(refused.status).toBe(409);
    const words = `${driver.user.name}'s driving licence expired on 2 Mar 2026.`;
    expect(refused.body.message).toBe(words);
    expect(refused.body.errors).toEqual([{ field: 'overrideReason', message: words }]);

    const short = await admin('POST', '/api/route-assignments/create', { ...body, overrideReason: 'ok' });
    expect(short.status).toBe(400);
    const created = await admin('POST', '/api/route-assignments/create', {
      ...body,
      overrideReason: 'Renewal filed, office has the receipt',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [override] = await t.app.database.db
      .select()
      .from(complianceOverrides)
      .where(eq(complianceOverrides.assignmentId, created.body.data.id));
    expect(override).toMatchObject({ reason: 'Renewal filed, office has the receipt', blockers: [words] });
    const [entry] = await t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'compliance.overridden'), eq(auditLog.entityId, created.body.data.id)));
    expect(entry?.details).toEqual({ reason: 'Renewal filed, office has the receipt', blockers: [words] });
  });

  it('lets through what expires tomorrow and an expired credential of a kind that does not block', async () => {
    const [driver, vehicle, route] = await Promise.all([make.driver(), make.vehicle(), make.busRoute()]);
    await credentialOf({ driverId: driver.id }, 'Driving licence', '2026-03-03');
    await credentialOf({ driverId: driver.id }, 'First aid', '2020-01-01');
    const created = await admin('POST', '/api/route-assignments/create', {
      driverId: driver.id,
      vehicleId: vehicle.id,
      routeId: route.id,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  });

  it("refuses a vehicle's expired blocker when an assignment is changed to it", async () => {
    const [driver, vehicle, other, route] = await Promise.all([
      make.driver(),
      make.vehicle(),
      make.vehicle(),
      make.busRoute(),
    ]);
    const assignment = await make.assignment(
      { driverId: driver.id, vehicleId: vehicle.id, routeId: route.id },
      [],
    );
    await credentialOf({ vehicleId: other.id }, 'Insurance', '2026-01-31');
    const changed = await admin('PUT', `/api/route-assignments/update/${assignment.id}`, {
      driverId: driver.id,
      vehicleId: other.id,
      routeId: route.id,
    });
    expect(changed.status).toBe(409);
    expect(changed.body.message).toBe(`Vehicle ${other.licensePlate}'s insurance expired on 31 Jan 2026.`);
  });

  it("refuses the driver's start until an admin overrides for that trip; the override is listed", async () => {
    const { driver, api } = await signedInDriver();
    const vehicle = await make.vehicle();
    const trip = await tripFor(driver, vehicle);
    await credentialOf({ driverId: driver.id }, 'Medical certificate', '2026-02-28');
    const words = `${driver.user.name}'s medical certificate expired on 28 Feb 2026.`;
    const refused = await api('POST', `/api/driver/trips/${trip.id}/start`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(words);

    const none = await admin('POST', `/api/compliance/trips/${randomUUID()}/override`, {
      reason: 'Cleared by phone',
    });
    expect(none.status).toBe(404);
    const override = await admin('POST', `/api/compliance/trips/${trip.id}/override`, {
      reason: 'Cleared by phone',
    });
    expect(override.status).toBe(200);
    expect(override.body.data).toMatchObject({
      tripId: trip.id,
      blockers: [words],
      reason: 'Cleared by phone',
    });

    const started = await api('POST', `/api/driver/trips/${trip.id}/start`);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const listed = await admin('GET', `/api/compliance/trips/${trip.id}/overrides`);
    expect(listed.body.data).toEqual([
      expect.objectContaining({
        reason: 'Cleared by phone',
        blockers: [words],
        createdBy: expect.any(String),
      }),
    ]);
    const again = await admin('POST', `/api/compliance/trips/${trip.id}/override`, {
      reason: 'Cleared by phone',
    });
    expect(again.status).toBe(409);
  });

  it('a blocker that appears after the override still refuses', async () => {
    const { driver, api } = await signedInDriver();
    const vehicle = await make.vehicle();
    const trip = await tripFor(driver, vehicle);
    await credentialOf({ driverId: driver.id }, 'Driving licence', '2026-02-01');
    expect(
      (await admin('POST', `/api/compliance/trips/${trip.id}/override`, { reason: 'Known, renewing' }))
        .status,
    ).toBe(200);
    await credentialOf({ vehicleId: vehicle.id }, 'Registration', '2026-03-01');
    const refused = await api('POST', `/api/driver/trips/${trip.id}/start`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Vehicle ${vehicle.licensePlate}'s registration expired on 1 Mar 2026.`,
    );
  });

  it("the office's start takes an override reason", async () => {
    const [driver, vehicle] = await Promise.all([make.driver(), make.vehicle()]);
    const trip = await tripFor(driver, vehicle);
    await credentialOf({ vehicleId: vehicle.id }, 'Permit', TODAY);
    const refused = await admin('POST', `/api/trips/start/${trip.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual([
      { field: 'overrideReason', message: `Vehicle ${vehicle.licensePlate}'s permit expired on 2 Mar 2026.` },
    ]);
    const started = await admin('POST', `/api/trips/start/${trip.id}`, {
      overrideReason: 'Permit office closed today',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data.status).toBe('STARTED');
    expect((await admin('GET', `/api/compliance/trips/${trip.id}/overrides`)).body.data).toHaveLength(1);
  });

  it('an out-of-service defect refuses a start, and no override lifts it', async () => {
    const { driver, api } = await signedInDriver();
    const vehicle = await make.vehicle();
    const trip = await tripFor(driver, vehicle);
    const [inspection] = await t.app.database.db
      .insert(inspections)
      .values({
        id: randomUUID(),
        vehicleId: vehicle.id,
        driverId: driver.id,
        driverName: driver.user.name,
        inspectedOn: TODAY,
        items: [],
        completedAt: time.clock(),
      })
      .returning();
    await t.app.database.db.insert(inspectionDefects).values({
      inspectionId: inspection!.id,
      vehicleId: vehicle.id,
      itemLabel: 'Brakes',
      note: 'Pedal soft',
      outOfService: true,
      openedAt: time.clock(),
    });
    const refused = await api('POST', `/api/driver/trips/${trip.id}/start`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(
      `Vehicle ${vehicle.licensePlate} is out of service: Brakes — Pedal soft`,
    );
    const office = await admin('POST', `/api/trips/start/${trip.id}`, { overrideReason: 'We need this bus' });
    expect(office.status).toBe(409);
    expect(office.body.errors[0].field).toBe('blockers');
    const summary = (await admin('GET', '/api/compliance/summary')).body.data;
    expect(summary.vehiclesOutOfService).toBeGreaterThanOrEqual(1);
  });
});

describe('expiry warnings', () => {
  it('the daily job raises one trip-less alert per cause and mails the admins; a second run raises nothing', async () => {
    const driver = await make.driver();
    const expired = await credentialOf({ driverId: driver.id }, 'Background check', '2026-02-15');
    const expiring = await credentialOf({ driverId: driver.id }, 'Driving licence', '2026-03-12');
    const mails: Mail[] = [];
    const live = createLiveLog(() => {});
    const job = {
      name: 'credential-expiry',
      ...credentialExpiryJob({
        clock: time.clock,
        alerts: createAlertService({
          db: t.app.database.db,
          clock: time.clock,
          live,
          timeZone: 'Europe/London',
        }),
        mailer: { send: async (mail) => void mails.push(mail) },
        publicUrl: 'https://office.example',
        live,
      }),
    };
    const report = await runDailyJob(t.app.database.db, job, TODAY, time.clock);
    expect(report?.figures.alerts).toBeGreaterThanOrEqual(2);
    const byCause = new Map((await t.app.database.db.select().from(alerts)).map((row) => [row.cause, row]));
    expect(byCause.get(`credential-expired:${expired.id}:2026-02-15`)).toMatchObject({
      kind: 'CREDENTIAL_EXPIRED',
      tripId: null,
      message: `${driver.user.name}'s background check expired on 15 Feb 2026.`,
    });
    expect(byCause.get(`credential-expiring:${expiring.id}:2026-03-12`)).toMatchObject({
      kind: 'CREDENTIAL_EXPIRING',
      message: `${driver.user.name}'s driving licence expires on 12 Mar 2026 (in 10 days).`,
    });
    expect(mails.length).toBeGreaterThanOrEqual(1);
    expect(mails[0]!.text).toContain(`${driver.user.name}'s background check expired on 15 Feb 2026.`);
    expect(mails[0]!.text).toContain('https://office.example/compliance');

    const alertsBefore = byCause.size;
    const rerun = await t.app.database.db.transaction((tx) => job.run(tx, TODAY));
    expect(rerun.figures.alerts).toBe(0);
    expect((await t.app.database.db.select().from(alerts)).length).toBe(alertsBefore);
  });

  it("the dashboard's panel counts what expired and what expires soon, soonest first", async () => {
    const answer = await admin('GET', '/api/compliance/summary');
    expect(answer.status).toBe(200);
    const { expired, expiring, credentials } = answer.body.data as {
      expired: number;
      expiring: number;
      credentials: Credential[];
    };
    expect(expired).toBeGreaterThan(0);
    expect(expiring).toBeGreaterThan(0);
    expect(credentials.length).toBeLessThanOrEqual(10);
    expect(credentials.every((c) => c.state !== 'VALID')).toBe(true);
    const days = credentials.map((c) => c.expiresOn);
    expect(days).toEqual([...days].sort());
  });
});
