import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'web-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  // The phone apps' own pages (apps/web/driver/index.html, apps/web/parent/index.html in the build).
  for (const app of ['driver', 'parent']) {
    await fs.mkdir(path.join(dist, app));
    await fs.writeFile(path.join(dist, app, 'index.html'), `<!doctype html><title>${app} app</title>`);
  }
  await fs.writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  // What the build's precompress step writes beside each asset.
  await fs.writeFile(
    path.join(dist, 'assets', 'index-abc123.js.br'),
    zlib.brotliCompressSync(Buffer.from('console.log(1)')),
  );
  t = await createTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

describe('serving the built web app', () => {
  it('caches hashed assets for a year', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves index.html uncached at / and for unknown app paths, so the app shows its own 404', async () => {
    for (const url of ['/', '/all-drivers', '/no/such/page']) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain('<div id="root">');
      expect(answer.headers['cache-control']).toBe('no-cache');
    }
  });

  it("serves a phone app's own page, uncached, at its address and every address under it", async () => {
    const pages = {
      '/driver': 'driver app',
      '/driver/': 'driver app',
      '/driver/trips/trip-1': 'driver app',
      '/parent': 'parent app',
      '/parent/account?from=mail': 'parent app',
      '/parent/children/child-1/history': 'parent app',
    };
    for (const [url, title] of Object.entries(pages)) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).toContain(`<title>${title}</title>`);
      expect(answer.headers['cache-control'], url).toBe('no-cache');
    }
    // The back-office's own addresses that merely start alike stay the back-office's.
    for (const url of ['/driver-details/d-1', '/parents', '/drivers/d-1']) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.body, url).toContain('<div id="root">');
    }
  });

  it('sends the precompressed copy of an asset to a browser that accepts brotli', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(answer.rawPayload).toString()).toBe('console.log(1)');
  });

  it('compresses a large API answer for a client that asks, and not for one that does not', async () => {
    const token = await tokenFor(t.app, 'admin');
    for (let i = 0; i < 12; i++) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/routes/create',
        headers: { authorization: token },
        payload: {
          name: `Compressed route ${i}`,
          startLocation: 'Depot',
          endLocation: 'School',
          distanceKm: 5,
          durationMin: 20,
        },
      });
      expect(created.statusCode).toBe(201);
    }
    const url = '/api/routes/get-all?limit=100';
    const plain = await t.app.inject({ method: 'GET', url, headers: { authorization: token } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gzipped = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: token, 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(zlib.gunzipSync(gzipped.rawPayload).toString())).toEqual(plain.json());
  });

  it('still answers unknown /api paths with the envelope', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().success).toBe(false);
  });
});
