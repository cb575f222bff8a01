import { and, asc, count, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { credentialListQuerySchema } from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import { offsetOf, exactTotal } from '../../../db/list-queries.js';
import {
  complianceOverrides,
  credentialKinds,
  credentials,
  drivers,
  inspectionDefects,
  users,
  vehicles,
} from '../../../db/schema/index.js';
import { containsPattern } from '../../../lib/pagination.js';

/** The SQL of credentials, their kinds and overrides (rules in compliance-gate.ts and credential-service.ts). */

export interface Holder {
  driverId?: string | null;
  vehicleId?: string | null;
}

const holderName = sql<string>`coalesce(${users.name}, ${vehicles.licensePlate})`;
const daysLeft = (today: string) => sql<number>`(${credentials.expiresOn} - ${today}::date)`;
/** Expired from its expiry day on; expiring from warnDays before it. */
const expiredOn = (today: string) => sql`${credentials.expiresOn} <= ${today}::date`;
const expiringOn = (today: string) =>
  sql`${credentials.expiresOn} > ${today}::date and ${credentials.expiresOn} <= ${today}::date + ${credentialKinds.warnDays}`;

const credentialColumns = (today: string) => ({
  id: credentials.id,
  kindId: credentialKinds.id,
  kindName: credentialKinds.name,
  blocks: credentialKinds.blocks,
  warnDays: credentialKinds.warnDays,
  subject: credentialKinds.subject,
  driverId: credentials.driverId,
  vehicleId: credentials.vehicleId,
  holderName,
  number: credentials.number,
  expiresOn: credentials.expiresOn,
  daysLeft: daysLeft(today),
  document: credentials.document,
  documentType: credentials.documentType,
  updatedAt: credentials.updatedAt,
});

function selectCredentials(db: Executor, today: string) {
  return db
    .select(credentialColumns(today))
    .from(credentials)
    .innerJoin(credentialKinds, eq(credentialKinds.id, credentials.kindId))
    .leftJoin(drivers, eq(drivers.id, credentials.driverId))
    .leftJoin(users, eq(users.id, drivers.userId))
    .leftJoin(vehicles, eq(vehicles.id, credentials.vehicleId));
}

const holderCondition = ({ driverId, vehicleId }: Holder): SQL | undefined =>
  or(
    driverId ? eq(credentials.driverId, driverId) : undefined,
    vehicleId ? eq(credentials.vehicleId, vehicleId) : undefined,
  );

/**
 * Every credential of the driver and the vehicle, the credential and its kind read under a share lock: a renewal,
 * a removal or a kind's change waits for this transaction, and this read waits for one under way and sees its
 * result (new credentials are serialised on the holder's row, see lockHolderForCredentials).
 */
export async function lockedCredentialsOf(tx: Executor, holder: Holder, today: string) {
  const where = holderCondition(holder);
  if (!where) return [];
  return selectCredentials(tx, today)
    .where(where)
    .orderBy(asc(credentials.expiresOn), asc(credentials.id))
    .for('share', { of: [credentials, credentialKinds] });
}

/** The driver's name and the vehicle's plate, their rows share-locked until the transaction ends. */
export async function lockHoldersShared(tx: Executor, { driverId, vehicleId }: Holder) {
  const [driver] = driverId
    ? await tx
        .select({ name: users.name })
        .from(drivers)
        .innerJoin(users, eq(users.id, drivers.userId))
        .where(eq(drivers.id, driverId))
        .for('share', { of: drivers })
    : [];
  const [vehicle] = vehicleId
    ? await tx
        .select({ plate: vehicles.licensePlate })
        .from(vehicles)
        .where(eq(vehicles.id, vehicleId))
        .for('share')
    : [];
  return { driverName: driver?.name ?? null, vehiclePlate: vehicle?.plate ?? null };
}

/**
 * Locks the holder's row against the gate's share lock (lockHoldersShared): a credential added, renewed or removed
 * waits for a trip start or assignment under way, and one started meanwhile waits for it. Answers whether the
 * holder exists.
 */
export async function lockHolderForCredentials(tx: Executor, holder: Holder): Promise<boolean> {
  const [row] = holder.driverId
    ? await tx
        .select({ id: drivers.id })
        .from(drivers)
        .where(eq(drivers.id, holder.driverId))
        .for('no key update')
    : await tx
        .select({ id: vehicles.id })
        .from(vehicles)
        .where(eq(vehicles.id, holder.vehicleId!))
        .for('no key update');
  return !!row;
}

export async function findKind(tx: Executor, id: string) {
  const [row] = await tx.select().from(credentialKinds).where(eq(credentialKinds.id, id)).for('share');
  return row;
}

export async function credentialOfHolder(tx: Executor, holder: Holder, kindId: string) {
  const [row] = await tx
    .select()
    .from(credentials)
    .where(and(eq(credentials.kindId, kindId), holderCondition(holder)))
    .for('update');
  return row;
}

export async function lockCredential(tx: Executor, id: string) {
  const [row] = await tx.select().from(credentials).where(eq(credentials.id, id)).for('update');
  return row;
}

export async function insertCredential(tx: Executor, values: typeof credentials.$inferInsert) {
  const [row] = await tx.insert(credentials).values(values).returning({ id: credentials.id });
  return row!.id;
}

export async function updateCredential(
  tx: Executor,
  id: string,
  values: Partial<typeof credentials.$inferInsert>,
) {
  await tx
    .update(credentials)
    .set({ ...values, updatedAt: sql`clock_timestamp()` })
    .where(eq(credentials.id, id));
}

export async function deleteCredential(tx: Executor, id: string) {
  await tx.delete(credentials).where(eq(credentials.id, id));
}

export async function findCredential(db: Executor, id: string, today: string) {
  const [row] = await selectCredentials(db, today).where(eq(credentials.id, id));
  return row;
}

const stateCondition = (state: z.output<typeof credentialListQuerySchema>['state'], today: string) =>
  state === 'expired' ? expiredOn(today) : state === 'expiring' ? expiringOn(today) : undefined;

/** A page of credentials, soonest expiry first, with the exact total (a few thousand rows at most). */
export async function listCredentials(
  db: Executor,
  query: z.output<typeof credentialListQuerySchema>,
  today: string,
) {
  const pattern = containsPattern(query.search);
  const where = and(
    stateCondition(query.state, today),
    query.subject ? eq(credentialKinds.subject, query.subject) : undefined,
    query.driverId ? eq(credentials.driverId, query.driverId) : undefined,
    query.vehicleId ? eq(credentials.vehicleId, query.vehicleId) : undefined,
    query.search
      ? or(
          ilike(credentials.number, pattern),
          ilike(credentialKinds.name, pattern),
          ilike(users.name, pattern),
          ilike(vehicles.licensePlate, pattern),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectCredentials(db, today)
      .where(where)
      .orderBy(asc(credentials.expiresOn), asc(credentials.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db
      .select({ n: count() })
      .from(credentials)
      .innerJoin(credentialKinds, eq(credentialKinds.id, credentials.kindId))
      .leftJoin(drivers, eq(drivers.id, credentials.driverId))
      .leftJoin(users, eq(users.id, drivers.userId))
      .leftJoin(vehicles, eq(vehicles.id, credentials.vehicleId))
      .where(where),
  ]);
  return { rows, total: exactTotal(total?.n ?? 0) };
}

/** What expired or expires within its kind's warning days, soonest first: the dashboard, the alerts, the mail. */
export async function dueCredentials(db: Executor, today: string, limit?: number) {
  const query = selectCredentials(db, today)
    .where(or(expiredOn(today), expiringOn(today)))
    .orderBy(asc(credentials.expiresOn), asc(credentials.id));
  return limit === undefined ? query : query.limit(limit);
}

export async function dueCounts(db: Executor, today: string) {
  const [row] = await db
    .select({
      expired: sql<number>`count(*) filter (where ${expiredOn(today)})`.mapWith(Number),
      expiring: sql<number>`count(*) filter (where ${expiringOn(today)})`.mapWith(Number),
    })
    .from(credentials)
    .innerJoin(credentialKinds, eq(credentialKinds.id, credentials.kindId));
  return { expired: row?.expired ?? 0, expiring: row?.expiring ?? 0 };
}

export async function countVehiclesOutOfService(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${inspectionDefects.vehicleId})`.mapWith(Number) })
    .from(inspectionDefects)
    .where(and(eq(inspectionDefects.outOfService, true), isNull(inspectionDefects.closedAt)));
  return row?.n ?? 0;
}

export async function countHeldOfKind(tx: Executor, kindId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(credentials).where(eq(credentials.kindId, kindId));
  return row?.n ?? 0;
}

export async function insertOverride(tx: Executor, values: typeof complianceOverrides.$inferInsert) {
  const [row] = await tx.insert(complianceOverrides).values(values).returning();
  return row!;
}

export async function overridesOfTrip(db: Executor, tripId: string) {
  return db
    .select()
    .from(complianceOverrides)
    .where(eq(complianceOverrides.tripId, tripId))
    .orderBy(asc(complianceOverrides.createdAt), asc(complianceOverrides.id));
}

export async function userName(tx: Executor, id: string): Promise<string | null> {
  const [row] = await tx.select({ name: users.name }).from(users).where(eq(users.id, id));
  return row?.name ?? null;
}

/** Admins who can sign in: the daily mail's readers. */
export async function activeAdminEmails(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.disabledAt), sql`${users.passwordHash} is not null`));
  return rows.map((row) => row.email);
}

export type CredentialRow = NonNullable<Awaited<ReturnType<typeof findCredential>>>;
