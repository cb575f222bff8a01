import type { AddressCandidate } from '@school-transport/shared';

/**
 * The two open geocoders' search APIs, read into one shape (decision 072). Nominatim (`/search?format=jsonv2`)
 * answers an array with `place_rank`; Photon (`/api`) answers GeoJSON whose `type` says how precise a place is, which
 * is read as the OSM address rank Nominatim uses, so one threshold (GEOCODER_MIN_RANK) judges both.
 */
export type GeocoderKind = 'nominatim' | 'photon';

export interface AddressQuery {
  /** The free line and the city and postcode, as one search text. */
  text: string;
  /** ISO 3166-1 alpha-2, upper case, or null. */
  country: string | null;
}

/** How many places are asked for: enough to see an ambiguity, few enough to read. */
export const CANDIDATES = 5;

export function searchUrl(kind: GeocoderKind, base: string, query: AddressQuery): string {
  const root = base.replace(/\/$/, '');
  if (kind === 'nominatim') {
    const params = new URLSearchParams({ q: query.text, format: 'jsonv2', limit: String(CANDIDATES) });
    if (query.country) params.set('countrycodes', query.country.toLowerCase());
    return `${root}/search?${params}`;
  }
  // Photon has no country filter in its search: the country's code goes into the text, which it matches.
  const text = query.country ? `${query.text}, ${query.country}` : query.text;
  return `${root}/api?${new URLSearchParams({ q: text, limit: String(CANDIDATES) })}`;
}

/** Photon's place types as OSM address ranks (Nominatim's scale: 30 a house … 4 a country). */
const PHOTON_RANKS: Record<string, number> = {
  house: 30,
  street: 26,
  locality: 20,
  district: 18,
  city: 16,
  county: 12,
  state: 8,
  country: 4,
};

const finite = (value: unknown): number | null => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
};

const inRange = (lat: number, lng: number) => Math.abs(lat) <= 90 && Math.abs(lng) <= 180;

/** The engine's answer in our shape; anything not a place (no coordinates) is left out. Throws on a wrong shape. */
export function readCandidates(kind: GeocoderKind, body: unknown): AddressCandidate[] {
  const places: AddressCandidate[] = [];
  if (kind === 'nominatim') {
    if (!Array.isArray(body)) throw new Error('the Nominatim server did not answer a list of places');
    for (const place of body as Array<Record<string, unknown>>) {
      const lat = finite(place.lat);
      const lng = finite(place.lon);
      if (lat === null || lng === null || !inRange(lat, lng)) continue;
      places.push({
        label: String(place.display_name ?? ''),
        lat,
        lng,
        rank: finite(place.place_rank) ?? 0,
      });
    }
    return places;
  }
  const features = (body as { features?: unknown } | null)?.features;
  if (!Array.isArray(features)) throw new Error('the Photon server did not answer a feature collection');
  for (const feature of features as Array<{
    geometry?: { coordinates?: unknown[] };
    properties?: Record<string, unknown>;
  }>) {
    const [lng, lat] = (feature.geometry?.coordinates ?? []).map(finite);
    if (lat == null || lng == null || !inRange(lat, lng)) continue;
    const p = feature.properties ?? {};
    const street = [p.housenumber, p.street].filter(Boolean).join(' ');
    const label = [p.name, street, p.postcode, p.city, p.country]
      .filter((part) => typeof part === 'string' && part !== '')
      .join(', ');
    places.push({ label, lat, lng, rank: PHOTON_RANKS[String(p.type)] ?? 20 });
  }
  return places;
}
