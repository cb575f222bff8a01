import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';

/**
 * A geocoder speaking the Nominatim search API or Photon's (decision 072), a real HTTP server on a port of its own,
 * answering the places a test file defines (by the search text, lower case). Its `env` is the app's settings.
 */

export interface Place {
  label: string;
  lat: number;
  lng: number;
  rank: number;
}

const PHOTON_TYPES: Record<number, string> = { 30: 'house', 26: 'street', 16: 'city' };

/** A geocoder of `kind` on a port of its own: every request's search text, user agent and time. */
export function geocoderPeer(kind: 'nominatim' | 'photon', PLACES: Record<string, Place[]>) {
  const asked: Array<{ q: string; userAgent: string; at: number }> = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url!, 'http://peer');
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    asked.push({ q, userAgent: String(request.headers['user-agent']), at: performance.now() });
    const places = PLACES[q] ?? [];
    response.setHeader('content-type', 'application/json');
    if (kind === 'nominatim') {
      expect(url.pathname).toBe('/search');
      expect(url.searchParams.get('format')).toBe('jsonv2');
      response.end(
        JSON.stringify(
          places.map((place, i) => ({
            place_id: i + 1,
            lat: String(place.lat),
            lon: String(place.lng),
            display_name: place.label,
            place_rank: place.rank,
            importance: 0.5,
          })),
        ),
      );
    } else {
      expect(url.pathname).toBe('/api');
      response.end(
        JSON.stringify({
          type: 'FeatureCollection',
          features: places.map((place) => ({
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [place.lng, place.lat] },
            properties: { name: place.label, type: PHOTON_TYPES[place.rank] },
          })),
        }),
      );
    }
  });
  const env: Record<string, string> = {};
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    env.GEOCODER_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    env.GEOCODER_KIND = kind;
    // Fast enough for a quick test, slow enough to see the pace on the peer's side: 4 a second, 250 ms apart.
    env.GEOCODER_REQUESTS_PER_SECOND = '4';
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  return { asked, env, askedFor: (q: string) => asked.filter((entry) => entry.q === q).length };
}
