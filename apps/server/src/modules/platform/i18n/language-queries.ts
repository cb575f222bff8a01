import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { users } from '../../../db/schema/index.js';
import type { LanguageHolder } from './translations.js';

/** The SQL of languages: a person's choice, and whose language texts are written in. */

/** Writes a person's choice; answers what it was before (undefined: no such user). */
export async function setLanguage(
  tx: Executor,
  userId: string,
  language: string | null,
  now: Date,
): Promise<{ before: string | null } | undefined> {
  const [before] = await tx
    .select({ language: users.language })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!before) return undefined;
  await tx.update(users).set({ language, updatedAt: now }).where(eq(users.id, userId));
  return { before: before.language };
}

/** The language columns of each of `userIds` that exists, by id. */
export async function languageHolders(
  db: Executor,
  userIds: readonly string[],
): Promise<Map<string, LanguageHolder>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({
      id: users.id,
      role: users.role,
      language: users.language,
      browserLanguage: users.browserLanguage,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map(({ id, ...holder }) => [id, holder]));
}
