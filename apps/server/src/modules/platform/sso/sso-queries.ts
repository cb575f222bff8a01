import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { sessions, signInSettings, ssoProviders, ssoSignIns } from '../../../db/schema/index.js';

/** The SQL of single sign-on (decision 070); its rules are sso-service.ts. */

export type SsoProviderRow = typeof ssoProviders.$inferSelect;

export const listProviders = (db: Executor) => db.select().from(ssoProviders).orderBy(asc(ssoProviders.name));

export async function findProvider(db: Executor, by: { id: string } | { slug: string }) {
  const [row] = await db
    .select()
    .from(ssoProviders)
    .where('id' in by ? eq(ssoProviders.id, by.id) : eq(ssoProviders.slug, by.slug));
  return row;
}

export async function insertProvider(db: Executor, values: typeof ssoProviders.$inferInsert) {
  const [row] = await db.insert(ssoProviders).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateProvider(
  db: Executor,
  id: string,
  changes: Partial<typeof ssoProviders.$inferInsert>,
) {
  const [row] = await db.update(ssoProviders).set(changes).where(eq(ssoProviders.id, id)).returning();
  return row;
}

export async function deleteProvider(db: Executor, id: string) {
  const [row] = await db.delete(ssoProviders).where(eq(ssoProviders.id, id)).returning();
  return row;
}

export async function slugTaken(db: Executor, slug: string, exceptId?: string): Promise<boolean> {
  const row = await findProvider(db, { slug });
  return row !== undefined && row.id !== exceptId;
}

export async function staffPasswordsOff(db: Executor): Promise<boolean> {
  const [row] = await db.select().from(signInSettings);
  return row?.staffPasswordsOff ?? false;
}

export async function saveStaffPasswordsOff(db: Executor, off: boolean, now: Date): Promise<void> {
  await db
    .insert(signInSettings)
    .values({ id: true, staffPasswordsOff: off, updatedAt: now })
    .onConflictDoUpdate({ target: signInSettings.id, set: { staffPasswordsOff: off, updatedAt: now } });
}

/** Locks the settings row (made if missing), so a provider's removal and passwords-off cannot cross. */
export async function lockSignInSettings(tx: Executor, now: Date): Promise<void> {
  await tx.insert(signInSettings).values({ id: true, updatedAt: now }).onConflictDoNothing();
  await tx.select().from(signInSettings).for('update');
}

export async function insertSignIn(db: Executor, values: typeof ssoSignIns.$inferInsert) {
  await db.insert(ssoSignIns).values(values);
}

/** Takes a started sign-in by its state, once: a second callback with the same state finds nothing. */
export async function takeSignIn(db: Executor, stateHash: string, now: Date) {
  const [row] = await db
    .update(ssoSignIns)
    .set({ stateHash: null })
    .where(and(eq(ssoSignIns.stateHash, stateHash), gt(ssoSignIns.expiresAt, now), isNull(ssoSignIns.userId)))
    .returning();
  return row;
}

export async function markSignInMatched(
  db: Executor,
  id: string,
  userId: string,
  handOverHash: string,
  expiresAt: Date,
): Promise<void> {
  await db.update(ssoSignIns).set({ userId, handOverHash, expiresAt }).where(eq(ssoSignIns.id, id));
}

export async function dropSignIn(db: Executor, id: string): Promise<void> {
  await db.delete(ssoSignIns).where(eq(ssoSignIns.id, id));
}

/** Spends a hand-over code, once. */
export async function takeHandOver(db: Executor, handOverHash: string, now: Date) {
  const [row] = await db
    .delete(ssoSignIns)
    .where(and(eq(ssoSignIns.handOverHash, handOverHash), gt(ssoSignIns.expiresAt, now)))
    .returning({ userId: ssoSignIns.userId, providerId: ssoSignIns.providerId });
  return row?.userId ? { userId: row.userId, providerId: row.providerId } : undefined;
}

export async function pruneSsoSignIns(db: Executor, now: Date): Promise<void> {
  await db.delete(ssoSignIns).where(lte(ssoSignIns.expiresAt, now));
}

export async function markSessionSso(db: Executor, tokenHash: string, providerId: string): Promise<void> {
  await db.update(sessions).set({ ssoProviderId: providerId }).where(eq(sessions.tokenHash, tokenHash));
}

/** The provider a session signed in through, if any. */
export async function sessionProvider(db: Executor, sessionId: string) {
  const [row] = await db
    .select({ provider: ssoProviders })
    .from(sessions)
    .innerJoin(ssoProviders, eq(ssoProviders.id, sessions.ssoProviderId))
    .where(eq(sessions.id, sessionId));
  return row?.provider;
}

export const countProviders = async (db: Executor): Promise<number> =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(ssoProviders))[0]!.n;
