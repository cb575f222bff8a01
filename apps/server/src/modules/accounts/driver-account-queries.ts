import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { drivers, users } from '../../db/schema/index.js';

/** The SQL of drivers' accounts (rules in driver-account-service.ts). */

/** The account behind a driver record, as an invitation needs it. */
export async function findDriverAccount(db: Executor, driverId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      hasPassword: users.passwordHash,
      disabledAt: users.disabledAt,
    })
    .from(drivers)
    .innerJoin(users, eq(users.id, drivers.userId))
    .where(eq(drivers.id, driverId));
  return row && { ...row, hasPassword: row.hasPassword !== null };
}
