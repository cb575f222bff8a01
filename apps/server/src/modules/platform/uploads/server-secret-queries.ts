import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { serverSecrets } from '../../../db/schema/index.js';

/** The named secret, made on first use; concurrent first starts agree because only one insert wins. */
export async function serverSecret(db: Database, name: string): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  return Buffer.from(row!.value, 'base64url');
}
