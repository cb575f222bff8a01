import { dictionary } from '@zxcvbn-ts/language-common';
import { ADMIN_PASSWORD_TOO_SHORT, adminNewPasswordField, type Role } from '@school-transport/shared';
import { badRequest, refusal, wordedField } from '../../../lib/errors.js';

/**
 * The ~18,000 most common passwords of at least 8 characters, from zxcvbn's frequency list (MIT, bundled in the
 * package, nothing fetched at run time). Length is the shared schema's job; this is the server-only half of the
 * policy, kept out of the web bundle.
 */
const COMMON = new Set(
  dictionary['passwords-common'].filter((p) => p.length >= 8).map((p) => p.toLowerCase()),
);

export const commonPasswordCount = COMMON.size;

/** The length rule of the account's role: administrators' passwords are longer (shared ADMIN_PASSWORD_MIN). */
export function assertLongEnoughFor(role: Role, password: string, field = 'password'): void {
  if (role === 'admin' && !adminNewPasswordField.safeParse(password).success) {
    throw badRequest(ADMIN_PASSWORD_TOO_SHORT, [{ field, message: ADMIN_PASSWORD_TOO_SHORT }]);
  }
}

export function assertNotCommon(password: string, field = 'password'): void {
  if (COMMON.has(password.toLowerCase())) {
    throw refusal(400, { code: 'refusal.commonPassword' }, [
      wordedField(field, { code: 'refusal.commonPassword' }),
    ]);
  }
}
