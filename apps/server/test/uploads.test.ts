import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordsThrough, vehiclePayload } from '@school-transport/testing';
import { tokenFor } from './support/accounts.js';
import { apiAs, type Api } from './support/requests.js';
import { expectStoredFileHeaders, png, storedName, uploadImage } from './support/stored-files.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

const time = manualClock();
let t: TestApp;
let api: Api;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ clock: time.clock, env: { DATA_DIR: await fs.mkdtemp('/tmp/st-uploads-') } });
  token = await tokenFor(t.app, 'admin');
  api = apiAs(t.app, token);
});
afterAll(async () => {
  await t.close();
  await fs.rm(t.config.dataDir, { recursive: true, force: true });
});

const upload = (
  kind: string,
  id: string,
  file?: { data: Buffer; type: string; name: string },
  authorization = token,
) => uploadImage(t.app, authorization, kind, id, file);

const storedFiles = async (kind: string) =>
  fs.readdir(path.join(t.config.dataDir, 'uploads', 'profile', kind)).catch(() => []);

const newDriver = async () => (await recordsThrough(api).driver()).id;

describe('profile image upload', () => {
  it('re-encodes a real PNG to a bounded WebP, answers a signed path, and replaces the old file', async () => {
    const id = await newDriver();
    const first = await upload('driver', id, { data: await png(), type: 'image/png', name: 'me.png' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, message: 'Profile image updated successfully!' });
    expect(first.body.data.profileImage).toMatch(
      /^\/api\/uploads\/profile\/driver\/[0-9a-f-]{36}\.webp\?expires=\d+&signature=[\w-]+$/,
    );
    expect(await storedFiles('driver')).toHaveLength(1);

    const image = await t.app.inject({ method: 'GET', url: first.body.data.profileImage });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width!, meta.height!)).toBe(512);

    const second = await upload('driver', id, {
      data: await png(100, 100),
      type: 'image/png',
      name: 'new.png',
    });
    expect(second.status).toBe(200);
    expect(await storedFiles('driver')).toHaveLength(1);
    const driver = await api('GET', `/api/drivers/get-one/${id}`);
    expect(driver.body.data.profileImage).toBe(second.body.data.profileImage);
  });

  it('strips metadata such as the GPS position', async () => {
    const id = await newDriver();
    const withGps = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'SpyCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1' } })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const answer = await upload('driver', id, { data: withGps, type: 'image/jpeg', name: 'gps.jpg' });
    const stored = await t.app.inject({ method: 'GET', url: answer.body.data.profileImage });
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(stored.rawPayload.includes(Buffer.from('SpyCam'))).toBe(false);
  });

  it('refuses a text file renamed .png with 415', async () => {
    const id = await newDriver();
    const answer = await upload('driver', id, {
      data: Buffer.from('just some text, honestly'),
      type: 'image/png',
      name: 'fake.png',
    });
    expect(answer.status).toBe(415);
    expect(answer.body).toEqual({ success: false, type: 'error', message: 'Only image files are allowed!' });
    const notImageType = await upload('driver', id, {
      data: Buffer.from('%PDF-1.4'),
      type: 'application/pdf',
      name: 'doc.pdf',
    });
    expect(notImageType.status).toBe(415);
  });

  it('refuses a 3 MB image with 413', async () => {
    const id = await newDriver();
    const big = await sharp({ create: { width: 1100, height: 1000, channels: 3, background: '#000' } })
      .raw()
      .toBuffer();
    const bmpLike = await sharp(big, { raw: { width: 1100, height: 1000, channels: 3 } })
      .tiff({ compression: 'none' })
      .toBuffer();
    expect(bmpLike.length).toBeGreaterThan(3_000_000);
    const answer = await upload('driver', id, { data: bmpLike, type: 'image/tiff', name: 'big.tiff' });
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe('Image must be smaller than 2MB');
  });

  it('answers 404 for an unknown id, 400 without an image, and keeps no file behind', async () => {
    const before = (await storedFiles('vehicle')).length;
    const unknown = await upload('vehicle', '00000000-0000-4000-8000-000000000000', {
      data: await png(),
      type: 'image/png',
      name: 'x.png',
    });
    expect(unknown.status).toBe(404);
    expect((await storedFiles('vehicle')).length).toBe(before);
    const missing = await upload('driver', await newDriver());
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please select an image');
    expect(
      (await upload('bus', await newDriver(), { data: await png(), type: 'image/png', name: 'x.png' }))
        .status,
    ).toBe(400);
  });

  it('takes vehicle photos too', async () => {
    const { body } = await api('POST', '/api/vehicles/create', vehiclePayload());
    const answer = await upload('vehicle', body.data.id, {
      data: await png(),
      type: 'image/png',
      name: 'bus.png',
    });
    expect(answer.status).toBe(200);
    expect((await api('GET', `/api/vehicles/get-one/${body.data.id}`)).body.data.profileImage).toContain(
      '/profile/vehicle/',
    );
  });

  it('is refused to drivers and parents', async () => {
    const id = await newDriver();
    for (const role of ['driver', 'parent'] as const) {
      const answer = await upload(
        'driver',
        id,
        { data: await png(), type: 'image/png', name: 'x.png' },
        await tokenFor(t.app, role),
      );
      expect(answer.status).toBe(403);
    }
  });
});

describe('serving profile images', () => {
  it("needs a valid, unexpired signature or an administrator's session", async () => {
    const id = await newDriver();
    const { body } = await upload('driver', id, { data: await png(), type: 'image/png', name: 'me.png' });
    const signed: string = body.data.profileImage;
    const bare = signed.split('?')[0]!;

    const served = await t.app.inject({ method: 'GET', url: signed });
    expect(served.statusCode).toBe(200);
    // Still an image an <img> draws, but a download if opened as a page of the app's origin.
    expect(served.headers['content-type']).toBe('image/webp');
    expectStoredFileHeaders(served, storedName(signed));
    expect((await t.app.inject({ method: 'GET', url: bare })).statusCode).toBe(401);
    const asAdmin = await t.app.inject({ method: 'GET', url: bare, headers: { authorization: token } });
    expect(asAdmin.statusCode).toBe(200);
    expectStoredFileHeaders(asAdmin, storedName(signed));
    for (const role of ['driver', 'parent'] as const) {
      const authorization = await tokenFor(t.app, role);
      const answer = await t.app.inject({ method: 'GET', url: bare, headers: { authorization } });
      expect(answer.statusCode, role).toBe(401);
    }
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: signed.replace(
            /signature=(.)/,
            (_, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`,
          ),
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: signed.replace('/driver/', '/vehicle/') })).statusCode,
    ).toBe(401);

    time.advance(13 * 3600_000);
    expect((await t.app.inject({ method: 'GET', url: signed })).statusCode).toBe(401);
  });

  it('serves only stored names', async () => {
    const fresh = await tokenFor(t.app, 'admin'); // the clock has moved past the first token's lifetime
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/uploads/profile/driver/..%2F..%2Fpglite',
      headers: { authorization: fresh },
    });
    expect(answer.statusCode).toBe(404);
  });
});
