import { createHash } from 'node:crypto';

/** One knot in metres per second: OsmAnd sends knots, the driver app (Geolocation) metres per second. */
const METRES_PER_SECOND_PER_KNOT = 1852 / 3600;

export const knotsToMetresPerSecond = (knots: number) => knots * METRES_PER_SECOND_PER_KNOT;

/**
 * The id of a tracker's fix, derived from the device and the fix's time: a tracker that did not see our answer
 * sends the same fix again, and it is then a duplicate (ON CONFLICT DO NOTHING) rather than a second point.
 * A UUID of version 8 (RFC 9562's "custom"), from the first 16 bytes of a SHA-256.
 */
export function trackerPositionId(deviceId: string, recordedAt: Date): string {
  const bytes = createHash('sha256').update(`osmand\u0000${deviceId}\u0000${recordedAt.getTime()}`).digest();
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Form bodies of OsmAnd POSTs (`application/x-www-form-urlencoded`), parsed into the same flat record as a query
 * string. A parameter sent twice keeps its first value, as the query string parser's result would be refused.
 */
export function parseFormBody(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(body)) if (!(name in fields)) fields[name] = value;
  return fields;
}
