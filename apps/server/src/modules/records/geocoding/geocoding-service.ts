import type { FastifyBaseLogger } from 'fastify';
import {
  REVIEW_PAGE,
  REVIEW_STATUSES,
  type AddressFix,
  type AddressReviewList,
  type AddressSearch,
  type AddressStatus,
  type HomeSource,
  type ReviewStatus,
} from '@school-transport/shared';
import type { Database } from '../../../db/client.js';
import { badRequest, conflict, notFound, serviceBusy } from '../../../lib/errors.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import { recordAudit } from '../../platform/audit/index.js';
import {
  type AddressParts,
  createGeocoder,
  GeocoderUnavailable,
  type GeocoderSettings,
  queryOf,
} from './geocoder.js';
import { lockForFix, pendingAddresses, reviewQueue, settlePending, writeFix } from './geocoding-queries.js';

/** What a child's save says of its home: the point given (if any), who set it, and the address. */
export interface HomeInput extends AddressParts {
  pickupAndDropLat?: number | null;
  pickupAndDropLng?: number | null;
  homeSource: HomeSource;
  /**
   * An import's row: no coordinates means "as stored", not "none" (a file of addresses leaves the office's points
   * and the geocoder's for the same address where they are).
   */
  keepStoredPoint?: boolean;
}

/** What is written: the point (null while the address waits or is reviewed), its source and the address's status. */
export interface HomeFields {
  pickupAndDropLat: number | null;
  pickupAndDropLng: number | null;
  homeSource: HomeSource | null;
  addressStatus: AddressStatus;
}

/** The child as stored before an update: what decides whether the geocoder may move the point. */
export type HomeBefore = AddressParts & HomeFields;

const sameAddress = (a: AddressParts, b: AddressParts) =>
  a.pickupDropAddress === b.pickupDropAddress &&
  a.addressCity === b.addressCity &&
  a.addressPostcode === b.addressPostcode &&
  a.addressCountry === b.addressCountry;

/** Addresses the job asks at once between two looks at the queue. */
const JOB_BATCH = 20;

const NO_HOME = 'Click the home on the map, or give its address.';
const NO_GEOCODER =
  'No geocoder is configured (GEOCODER_URL) to place this address: click the home on the map instead.';

/**
 * A child's home as far as it can be decided without the geocoder (decision 072), for a form save and an import
 * alike; ASK: the address must be placed. A point a person set stays (HAND, never moved by the geocoder); a point
 * given from a picked suggestion is the geocoder's; the stored point sent back unchanged is kept, unless it was the
 * geocoder's for another address; a child still waiting or in review for the same address stays so.
 */
export function homeWithoutAsking(input: HomeInput, before?: HomeBefore | null): HomeFields | 'ASK' {
  const lat = input.pickupAndDropLat ?? null;
  const lng = input.pickupAndDropLng ?? null;
  if ((lat === null) !== (lng === null)) {
    const message = 'Give both latitude and longitude, or neither.';
    throw badRequest(message, [{ field: lat === null ? 'pickupAndDropLat' : 'pickupAndDropLng', message }]);
  }
  if (lat !== null && lng !== null) {
    const unchanged = before && before.pickupAndDropLat === lat && before.pickupAndDropLng === lng;
    if (!unchanged) {
      const source = input.homeSource;
      return {
        pickupAndDropLat: lat,
        pickupAndDropLng: lng,
        homeSource: source,
        addressStatus: source === 'GEOCODER' ? 'PLACED' : 'NONE',
      };
    }
    if (before.homeSource !== 'GEOCODER' || sameAddress(before, input))
      return {
        pickupAndDropLat: lat,
        pickupAndDropLng: lng,
        homeSource: before.homeSource ?? 'HAND',
        addressStatus: before.addressStatus,
      };
  } else if (before?.homeSource === 'HAND' && input.keepStoredPoint) {
    // A file without coordinates for a child whose home the office set: the office's point stays.
    return pick(before);
  }
  if (!input.pickupDropAddress) throw badRequest(NO_HOME, [{ field: 'pickupAndDropLat', message: NO_HOME }]);
  if (before && sameAddress(before, input) && (before.pickupAndDropLat === null || input.keepStoredPoint))
    return pick(before);
  return 'ASK';
}

const pick = (home: HomeFields): HomeFields => ({
  pickupAndDropLat: home.pickupAndDropLat,
  pickupAndDropLng: home.pickupAndDropLng,
  homeSource: home.homeSource,
  addressStatus: home.addressStatus,
});

export interface GeocodingDeps {
  db: Database;
  settings: GeocoderSettings;
  userAgent: string;
  log: FastifyBaseLogger;
}

export function createGeocodingService({ db, settings, userAgent, log }: GeocodingDeps) {
  const geocoder = createGeocoder(db, settings, { userAgent, log });

  /**
   * Where a child's home is, as a form save or an enrolment writes it (decision 072), decided before the write's
   * transaction (the geocoder may take a second): a point a person set stays; a point given from a picked
   * suggestion is the geocoder's; no point → the address is placed now (urgent: before the job's queue), or goes
   * to the review queue, or waits for the job if the geocoder is down. A geocoder's point whose address changed is
   * placed again; a HAND point is never moved by the geocoder.
   */
  async function homeOf(input: HomeInput, before?: HomeBefore): Promise<HomeFields> {
    const known = homeWithoutAsking(input, before);
    if (known !== 'ASK') return known;
    if (!geocoder.configured)
      throw badRequest(NO_GEOCODER, [{ field: 'pickupDropAddress', message: NO_GEOCODER }]);
    const placement = await geocoder.place(input, true);
    return placement.status === 'PLACED'
      ? {
          pickupAndDropLat: placement.lat,
          pickupAndDropLng: placement.lng,
          homeSource: 'GEOCODER',
          addressStatus: 'PLACED',
        }
      : { pickupAndDropLat: null, pickupAndDropLng: null, homeSource: null, addressStatus: placement.status };
  }

  /**
   * The job's work: the waiting addresses (an import's), oldest first, a batch at a time at the limiter's pace,
   * until none waits or the geocoder stops answering (the next turn tries again).
   */
  async function placePending(): Promise<{ placed: number; review: number }> {
    const done = { placed: 0, review: 0 };
    if (!geocoder.configured) return done;
    for (;;) {
      const batch = await pendingAddresses(db, JOB_BATCH);
      if (batch.length === 0) return done;
      for (const row of batch) {
        const placement = await geocoder.place(row, false);
        if (placement.status === 'PENDING') return done;
        const point = placement.status === 'PLACED' ? placement : { lat: null, lng: null };
        if (await settlePending(db, row, { lat: point.lat, lng: point.lng, status: placement.status }))
          done[placement.status === 'PLACED' ? 'placed' : 'review'] += 1;
      }
    }
  }

  return {
    configured: geocoder.configured,
    homeOf,
    placePending,

    /** The office's address field: the geocoder's candidates for what is typed, or "not configured". */
    async search(parts: AddressParts): Promise<AddressSearch> {
      if (!geocoder.configured) return { configured: false, candidates: [] };
      try {
        return { configured: true, candidates: await geocoder.candidatesOf(queryOf(parts), true) };
      } catch (error) {
        if (error instanceof GeocoderUnavailable)
          throw serviceBusy('The address search did not answer; try again, or click the map.', 5);
        throw error;
      }
    },

    async reviews(): Promise<AddressReviewList> {
      const { rows, total } = await reviewQueue(db, REVIEW_PAGE);
      const reviews = await Promise.all(
        rows.map(async (row) => ({
          studentId: row.id,
          name: row.name,
          parentName: row.parentName,
          address: [row.pickupDropAddress, row.addressPostcode, row.addressCity, row.addressCountry]
            .filter(Boolean)
            .join(', '),
          status: row.status as ReviewStatus,
          candidates: await geocoder.keptCandidates(row),
        })),
      );
      return { reviews, total };
    },

    /** The office's fix of one queued address: a candidate picked, or a point clicked; audited with the change. */
    async fix(studentId: string, fix: AddressFix, context: ChangeContext): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await lockForFix(tx, studentId);
        if (!row) throw notFound('Student not found.');
        if (!(REVIEW_STATUSES as readonly string[]).includes(row.status))
          throw conflict(
            `${row.name}'s address is no longer waiting for review: someone has fixed it already.`,
          );
        const source: HomeSource = fix.from === 'MAP' ? 'HAND' : 'GEOCODER';
        await writeFix(tx, studentId, fix.lat, fix.lng, source);
        await recordAudit(tx, {
          ...context,
          action: 'student.address-fixed',
          entityType: 'student',
          entityId: studentId,
          details: { was: row.status, from: fix.from },
        });
      });
    },
  };
}
export type GeocodingService = ReturnType<typeof createGeocodingService>;
