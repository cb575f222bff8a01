import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'web-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  await fs.writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
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

  it('still answers unknown /api paths with the envelope', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().success).toBe(false);
  });
});
