import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchManifest } from './driver-api';

const TRIP = '11111111-1111-4111-8111-111111111111';
const manifest = { tripId: TRIP, riders: [{ studentId: 's1', nfcTagId: '04A23B1C' }] };

const answer = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("the phone's copy of a trip", () => {
  it('is shown in a dead zone, and dropped once the server says the trip is no longer this driver’s', async () => {
    const fetch = vi.fn(() => answer(200, { success: true, data: manifest }));
    vi.stubGlobal('fetch', fetch);
    expect((await fetchManifest('token', TRIP)).offline).toBe(false);

    fetch.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    const offline = await fetchManifest('token', TRIP);
    expect(offline).toMatchObject({ offline: true, data: manifest });

    const words =
      'This trip ended at 08:40 on 2026-03-02; the driver app no longer shows it. The office has its record.';
    fetch.mockImplementationOnce(() => answer(410, { success: false, type: 'error', message: words }));
    await expect(fetchManifest('token', TRIP)).rejects.toMatchObject({ status: 410, message: words });
    // Back in a dead zone: nothing is left to show, not the children's cards of a trip that is over.
    fetch.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(fetchManifest('token', TRIP)).rejects.toMatchObject({ status: 0 });
    expect(JSON.stringify({ ...localStorage })).not.toContain('04A23B1C');
  });
});
