import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';

/**
 * TOTP secrets are kept encrypted (AES-256-GCM) with a key of their own from server_secrets, so that a copy of the
 * factors table (an export, a log of a query) does not give away anyone's codes. It does not protect against a
 * copy of the whole database, which holds the key too; the recovery codes, being only hashed, survive even that.
 */
export interface SecretBox {
  seal(plain: Buffer): string;
  open(sealed: string): Buffer;
}

export function secretBox(key: Buffer): SecretBox {
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(sealed) {
      const bytes = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
    },
  };
}

/** Recovery codes: 10 characters of an alphabet without look-alikes (no 0/o, 1/l/i), about 50 bits each. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(
    '',
  );
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** The stored form: case and dash do not matter when typed. */
export const recoveryCodeHash = (code: string): string =>
  createHash('sha256').update(code.toLowerCase().replace(/-/g, '')).digest('hex');
