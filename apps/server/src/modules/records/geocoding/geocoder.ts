import type { FastifyBaseLogger } from 'fastify';
import type { AddressCandidate } from '@school-transport/shared';
import { readLimitedText } from '@school-transport/planner';
import type { Executor } from '../../../db/client.js';
import { distanceM } from '../../../lib/geo-distance.js';
import { type AddressQuery, type GeocoderKind, readCandidates, searchUrl } from './geocoder-engines.js';
import { cacheCandidates, cachedCandidates } from './geocoding-queries.js';
import { createRateLimiter } from './rate-limiter.js';

/** What a geocoder needs to know (config.geocoder): no url, no geocoder. */
export interface GeocoderSettings {
  url: string | null;
  kind: GeocoderKind;
  requestsPerSecond: number;
  minRank: number;
  ambiguousMetres: number;
}

/** The parts of a home address a child record holds. */
export interface AddressParts {
  pickupDropAddress: string | null;
  addressCity: string | null;
  addressPostcode: string | null;
  addressCountry: string | null;
}

/** What the geocoder made of an address: a point, or the reason the office must look. */
export type Placement =
  | { status: 'PLACED'; lat: number; lng: number }
  | { status: 'NOT_FOUND' | 'LOW_CONFIDENCE' | 'AMBIGUOUS' }
  /** The geocoder could not be asked (down, a wrong answer): the job tries again later. */
  | { status: 'PENDING' };

export class GeocoderUnavailable extends Error {
  override name = 'GeocoderUnavailable';
}

/** The search of an address: its free line, postcode and city as one text, its country apart. */
export const queryOf = (parts: AddressParts): AddressQuery => ({
  text: [parts.pickupDropAddress, parts.addressPostcode, parts.addressCity]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', '),
  country: parts.addressCountry,
});

/**
 * The cache's key: lower case, punctuation and runs of spaces made one space, the country after a bar. "12 High St.,
 * Leeds" and "12 high st leeds" are one question, asked once.
 */
export const cacheKeyOf = (query: AddressQuery): string =>
  `${query.text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()}|${(query.country ?? '').toLowerCase()}`;

/**
 * The judgement of candidates (decision 072): none → NOT_FOUND; the best (the engine's first) vaguer than
 * minRank → LOW_CONFIDENCE; another precise candidate farther than ambiguousMetres from it → AMBIGUOUS.
 */
export function judge(
  candidates: AddressCandidate[],
  rules: Pick<GeocoderSettings, 'minRank' | 'ambiguousMetres'>,
): Placement {
  const [best] = candidates;
  if (!best) return { status: 'NOT_FOUND' };
  if (best.rank < rules.minRank) return { status: 'LOW_CONFIDENCE' };
  const elsewhere = candidates.some(
    (other) => other.rank >= rules.minRank && distanceM(best, other) > rules.ambiguousMetres,
  );
  if (elsewhere) return { status: 'AMBIGUOUS' };
  return { status: 'PLACED', lat: best.lat, lng: best.lng };
}

const TIMEOUT_MS = 5_000;
const MAX_ANSWER_BYTES = 1_048_576;

export type Geocoder = ReturnType<typeof createGeocoder>;

/**
 * The one way to the geocoder: the cache first (no request for an address asked before, found or not), then the
 * rate limiter's turn, then one HTTP request with a User-Agent naming the product, as Nominatim's policy asks.
 */
export function createGeocoder(
  db: Executor,
  settings: GeocoderSettings,
  { userAgent, log }: { userAgent: string; log: FastifyBaseLogger },
) {
  const limiter = createRateLimiter(settings.requestsPerSecond);
  const url = settings.url;

  /** The candidates for a query; throws GeocoderUnavailable when the geocoder cannot be asked or makes no sense. */
  async function candidatesOf(query: AddressQuery, urgent: boolean): Promise<AddressCandidate[]> {
    if (!url) throw new GeocoderUnavailable('no geocoder is configured');
    const key = cacheKeyOf(query);
    const cached = await cachedCandidates(db, key);
    if (cached) return cached;
    await limiter.turn(urgent);
    let candidates: AddressCandidate[];
    try {
      const answer = await fetch(searchUrl(settings.kind, url, query), {
        headers: { 'user-agent': userAgent, accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!answer.ok) throw new Error(`the geocoder answered ${answer.status}`);
      candidates = readCandidates(settings.kind, JSON.parse(await readLimitedText(answer, MAX_ANSWER_BYTES)));
    } catch (error) {
      log.warn({ err: error }, 'geocoder unavailable');
      throw new GeocoderUnavailable(`The geocoder at ${url} did not answer`);
    }
    await cacheCandidates(db, key, candidates);
    return candidates;
  }

  return {
    configured: url !== null,
    candidatesOf,
    /** Where an address is, judged; PENDING when the geocoder could not be asked. */
    async place(parts: AddressParts, urgent: boolean): Promise<Placement> {
      try {
        return judge(await candidatesOf(queryOf(parts), urgent), settings);
      } catch (error) {
        if (error instanceof GeocoderUnavailable) return { status: 'PENDING' };
        throw error;
      }
    },
    /** The candidates kept for an address (the review screen's choices); none if never asked. */
    async keptCandidates(parts: AddressParts): Promise<AddressCandidate[]> {
      return (await cachedCandidates(db, cacheKeyOf(queryOf(parts)))) ?? [];
    },
  };
}
