import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { users } from '../../../db/schema/index.js';

/**
 * Gives a demo driver a known password and a verified address, as if they had accepted their invitation: the demo
 * prints it, so that someone trying the product can open the driver app at once.
 */
export async function setUserPassword(db: Database, email: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, emailVerifiedAt: sql`now()` })
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
}

/** Whether the demo folder has been filled already (it holds the demo's administrator). */
export async function hasDemoOperator(db: Database, adminEmail: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${adminEmail.toLowerCase()}`)
    .limit(1);
  return rows.length > 0;
}
