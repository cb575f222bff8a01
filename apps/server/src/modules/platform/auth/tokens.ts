import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: opaque to the client, meaningless without the sessions table. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Accepts the bare `Authorization: <token>` the API's clients have always sent, and the standard
 * `Authorization: Bearer <token>`.
 */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.replace(/^bearer\s+/i, '').trim();
  return TOKEN_SHAPE.test(value) ? value : null;
}

/** The stream cookie's value (plugins/authentication.ts), when it has a token's shape: the same session token. */
export function tokenFromCookie(value: string | null): string | null {
  return value !== null && TOKEN_SHAPE.test(value) ? value : null;
}
