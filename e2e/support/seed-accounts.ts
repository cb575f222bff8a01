/**
 * Run with tsx before the server starts: opens the test database through the server's own code, applies the
 * migrations and adds one account per role with a password. Drivers and parents get theirs through an invitation
 * mail (driver-trip.ts and parent-portal.spec.ts go that way); tests that only need to sign in use these.
 */
import { openDatabase } from '../../apps/server/src/db/client.js';
import { hashPassword } from '../../apps/server/src/modules/platform/users/passwords.js';
import { insertUserIfNew } from '../../apps/server/src/modules/platform/users/user-queries.js';
import { ACCOUNTS } from './environment.js';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: seed-accounts.ts <pglite data dir>');

const database = await openDatabase({ kind: 'pglite', dataDir });
try {
  await database.migrate();
  for (const account of Object.values(ACCOUNTS)) {
    await insertUserIfNew(database.db, {
      name: account.name,
      email: account.email,
      role: account.role,
      passwordHash: await hashPassword(account.password),
      emailVerifiedAt: new Date(),
    });
  }
} finally {
  await database.close();
}
