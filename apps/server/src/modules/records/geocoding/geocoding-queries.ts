import { and, asc, count, eq, inArray, sql, type Column } from 'drizzle-orm';
import { REVIEW_STATUSES, type AddressCandidate, type HomeSource } from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import { geocodeCache, parents, students, users } from '../../../db/schema/index.js';

export async function cachedCandidates(db: Executor, query: string): Promise<AddressCandidate[] | null> {
  const [row] = await db
    .select({ candidates: geocodeCache.candidates })
    .from(geocodeCache)
    .where(eq(geocodeCache.query, query));
  return row?.candidates ?? null;
}

/** Two processes asking the same address at once keep the first answer. */
export async function cacheCandidates(db: Executor, query: string, candidates: AddressCandidate[]) {
  await db.insert(geocodeCache).values({ query, candidates }).onConflictDoNothing();
}

const isNotDistinctFrom = (column: Column, value: string | null) =>
  sql`${column} is not distinct from ${value}`;

const addressColumns = {
  id: students.id,
  pickupDropAddress: students.pickupDropAddress,
  addressCity: students.addressCity,
  addressPostcode: students.addressPostcode,
  addressCountry: students.addressCountry,
};
export type AddressRow = { id: string } & {
  pickupDropAddress: string | null;
  addressCity: string | null;
  addressPostcode: string | null;
  addressCountry: string | null;
};

/** The oldest addresses waiting for the geocoding job. */
export const pendingAddresses = (db: Executor, limit: number): Promise<AddressRow[]> =>
  db
    .select(addressColumns)
    .from(students)
    .where(eq(students.addressStatus, 'PENDING'))
    .orderBy(asc(students.updatedAt), asc(students.id))
    .limit(limit);

/**
 * The job's result, written only if the child still waits with the same address: an address changed (or fixed by
 * the office) while the geocoder was asked is not overwritten with the old one's point.
 */
export async function settlePending(
  db: Executor,
  row: AddressRow,
  result: { lat: number | null; lng: number | null; status: 'PLACED' | (typeof REVIEW_STATUSES)[number] },
): Promise<boolean> {
  const updated = await db
    .update(students)
    .set({
      pickupAndDropLat: result.lat,
      pickupAndDropLng: result.lng,
      homeSource: result.lat === null ? null : 'GEOCODER',
      addressStatus: result.status,
      updatedAt: sql`clock_timestamp()`,
    })
    .where(
      and(
        eq(students.id, row.id),
        eq(students.addressStatus, 'PENDING'),
        isNotDistinctFrom(students.pickupDropAddress, row.pickupDropAddress),
        isNotDistinctFrom(students.addressCity, row.addressCity),
        isNotDistinctFrom(students.addressPostcode, row.addressPostcode),
        isNotDistinctFrom(students.addressCountry, row.addressCountry),
      ),
    )
    .returning({ id: students.id });
  return updated.length > 0;
}

const inReview = inArray(students.addressStatus, [...REVIEW_STATUSES]);

/** The review queue, oldest first, with the parent's name; and how many wait in all. */
export async function reviewQueue(db: Executor, limit: number) {
  const rows = await db
    .select({
      ...addressColumns,
      name: students.name,
      status: students.addressStatus,
      parentName: users.name,
    })
    .from(students)
    .innerJoin(parents, eq(parents.id, students.parentId))
    .innerJoin(users, eq(users.id, parents.userId))
    .where(inReview)
    .orderBy(asc(students.updatedAt), asc(students.id))
    .limit(limit);
  const [total] = await db.select({ n: count() }).from(students).where(inReview);
  return { rows, total: total?.n ?? 0 };
}

/** The child to fix, locked for the fix's transaction. */
export async function lockForFix(tx: Executor, id: string) {
  const [row] = await tx
    .select({ id: students.id, name: students.name, status: students.addressStatus })
    .from(students)
    .where(eq(students.id, id))
    .for('update');
  return row ?? null;
}

export async function writeFix(tx: Executor, id: string, lat: number, lng: number, source: HomeSource) {
  await tx
    .update(students)
    .set({
      pickupAndDropLat: lat,
      pickupAndDropLng: lng,
      homeSource: source,
      // A point the office clicked is theirs (NONE: nothing left to place); a candidate picked is the geocoder's.
      addressStatus: source === 'HAND' ? 'NONE' : 'PLACED',
      updatedAt: sql`clock_timestamp()`,
    })
    .where(eq(students.id, id));
}
