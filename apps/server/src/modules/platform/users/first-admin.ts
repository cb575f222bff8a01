import { randomBytes } from 'node:crypto';
import { adminNewPasswordField } from '@school-transport/shared';
import type { Database } from '../../../db/client.js';
import { AppError } from '../../../lib/errors.js';
import { assertNotCommon } from './password-policy.js';
import { recordAudit } from '../audit/index.js';
import { hashPassword } from './passwords.js';
import { countActiveAdmins, findUserByEmail, insertUserIfNew } from './user-queries.js';

export interface NewAdmin {
  email: string;
  name: string;
  /** Given by the operator; when absent a password is generated and handed back once. */
  password?: string;
}

export interface CreatedAdmin {
  email: string;
  generatedPassword?: string;
}

export class EmailTakenError extends Error {
  override name = 'EmailTakenError';
}

/**
 * An administrator's password chosen by the operator (ADMIN_PASSWORD, `create-admin --password-stdin`) follows the
 * rules of every other administrator's password: the shared length rule (12 characters) and the server's list of common passwords. Answers what is
 * wrong with it, or null.
 */
export function passwordProblem(password: string): string | null {
  const length = adminNewPasswordField.safeParse(password);
  if (!length.success) return `${length.error.issues[0]!.message} (12 to 128).`;
  try {
    assertNotCommon(password);
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
  return null;
}

/** 18 random bytes: 24 URL-safe characters, 144 bits. */
export const generatePassword = (): string => randomBytes(18).toString('base64url');

export async function createAdmin(db: Database, admin: NewAdmin, action: string): Promise<CreatedAdmin> {
  const password = admin.password ?? generatePassword();
  const created = await db.transaction(async (tx) => {
    const user = await insertUserIfNew(tx, {
      name: admin.name,
      email: admin.email,
      role: 'admin',
      passwordHash: await hashPassword(password),
      emailVerifiedAt: new Date(),
    });
    if (user) await recordAudit(tx, { actor: null, action, entityType: 'user', entityId: user.id });
    return user;
  });
  if (!created) throw new EmailTakenError(`An account with the email address ${admin.email} already exists.`);
  return { email: created.email, ...(admin.password ? {} : { generatedPassword: password }) };
}

/** On an empty database, creates the first admin so that somebody can sign in at all. */
export async function ensureFirstAdmin(db: Database, admin: NewAdmin): Promise<CreatedAdmin | null> {
  if ((await countActiveAdmins(db)) > 0) return null;
  // A disabled admin with this address would block the insert; the operator must re-enable it instead.
  if (await findUserByEmail(db, admin.email)) return null;
  return createAdmin(db, admin, 'user.first_admin_created');
}
