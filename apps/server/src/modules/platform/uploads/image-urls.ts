import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../../lib/clock.js';

/**
 * Profile photos are children's and staff's personal data, yet an <img> cannot send a token. Answers therefore
 * carry signed, expiring URLs. Expiry is rounded to a 6-hour window so the same photo keeps the same URL (and the
 * browser's cached copy) for a while: a URL is valid for 6 to 12 hours.
 */
const WINDOW_SECONDS = 6 * 3600;

export interface ImageUrls {
  /** The path an answer carries, or null when there is no image. */
  urlFor(kind: string, fileName: string | null, base?: string): string | null;
  isValid(kind: string, fileName: string, expires: number, signature: string): boolean;
}

export function createImageUrls(secret: Buffer, clock: Clock): ImageUrls {
  const sign = (kind: string, fileName: string, expires: number) =>
    createHmac('sha256', secret).update(`${kind}/${fileName}:${expires}`).digest('base64url');

  return {
    urlFor(kind, fileName, base = '/api/uploads/profile') {
      if (!fileName) return null;
      const nowSeconds = Math.floor(clock().getTime() / 1000);
      const expires = (Math.floor(nowSeconds / WINDOW_SECONDS) + 2) * WINDOW_SECONDS;
      return `${base}/${kind}/${fileName}?expires=${expires}&signature=${sign(kind, fileName, expires)}`;
    },
    isValid(kind, fileName, expires, signature) {
      if (expires * 1000 <= clock().getTime()) return false;
      const expected = Buffer.from(sign(kind, fileName, expires));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
