/**
 * Run with tsx before the server starts: opens the test database through the server's own code, applies the
 * migrations and adds one account per role. Drivers and parents cannot be given a password through the product
 * yet, so this is the only way a browser test can sign in as one.
 */
import { openDatabase } from '../../apps/server/src/db/client.js';
import { hashPassword } from '../../apps/server/src/modules/users/passwords.js';
import { insertUserIfNew } from '../../apps/server/src/modules/users/user-queries.js';
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
