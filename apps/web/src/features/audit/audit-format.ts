/**
 * How an audit entry reads on screen. Actions are stored as `subject.what_happened` (driver.created,
 * profile.email_changed); details are whatever the change recorded (a vehicle's plate, the fields that changed).
 * Entries about drivers, parents and children keep no personal values (docs/decisions/020): only record ids,
 * counts, and `field: 'changed'` for each field an update changed.
 */

/** 'driver.created' → 'Driver created', 'auth.login_failed' → 'Auth login failed'. */
export function readableAction(action: string): string {
  const words = action.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Enough of an id to tell records apart at a glance; the whole id is in the tooltip. */
const SHORT_ID_LENGTH = 8;

/** 'user 3f2a9c1b', or a dash for an entry about no record in particular (a failed sign-in). */
export function itemLabel(entityType: string | null, entityId: string | null): string {
  if (!entityType && !entityId) return '—';
  return [entityType, entityId?.slice(0, SHORT_ID_LENGTH)].filter(Boolean).join(' ');
}

const SUMMARY_MAX = 40;

const valueText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** Whether an entry recorded any details at all (an entry about a person may have had all of them left out). */
export const hasDetails = (details: unknown): boolean =>
  details !== null &&
  details !== undefined &&
  !(typeof details === 'object' && !Array.isArray(details) && Object.keys(details).length === 0);

/** The details on one short line, 'phone: changed, address: changed', cut at SUMMARY_MAX characters. */
export function detailsSummary(details: unknown): string {
  if (!hasDetails(details)) return '—';
  const text =
    typeof details === 'object' && details !== null && !Array.isArray(details)
      ? Object.entries(details)
          .map(([key, value]) => `${key}: ${valueText(value)}`)
          .join(', ')
      : valueText(details);
  return text.length > SUMMARY_MAX ? `${text.slice(0, SUMMARY_MAX - 1)}…` : text;
}
