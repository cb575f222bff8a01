import type { FieldError } from '@school-transport/shared';
import type { Database, Transaction } from '../db/client.js';
import { pgErrorOf } from '../db/pg-errors.js';
import { conflict } from './errors.js';

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Turns a unique or foreign-key violation into a 409 that a person understands, using the caller's map from
 * constraint name to field and message. The database is the judge, so there is no check-then-write race;
 * anything else is rethrown.
 */
export function rethrowConflict(error: unknown, constraints: Record<string, FieldError>): never {
  const pgError = pgErrorOf(error);
  const isConflict = pgError?.code === UNIQUE_VIOLATION || pgError?.code === FOREIGN_KEY_VIOLATION;
  const known = isConflict && pgError?.constraint ? constraints[pgError.constraint] : undefined;
  if (known) throw conflict(known.message, known.field ? [known] : undefined);
  throw error;
}

/**
 * A transaction runner whose constraint violations become the 409s of `constraints`: every multi-row write of a
 * service goes through one, so the rule and its message live side by side.
 */
export function writerFor(db: Database, constraints: Record<string, FieldError>) {
  return <R>(work: (tx: Transaction) => Promise<R>): Promise<R> =>
    db.transaction(work).catch((error: unknown) => rethrowConflict(error, constraints));
}
