import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's minimum profile (19 MiB, 2 passes, 1 lane): about 30 ms on one core. */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password; with no stored hash (unknown e-mail, account without a password) it still runs one argon2
 * verification against a throw-away hash, so a wrong e-mail costs as long as a wrong password.
 */
export async function checkPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('timing-equaliser-not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
