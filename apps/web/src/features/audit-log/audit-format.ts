/**
 * How an audit entry reads on screen. Actions are stored as `subject.what_happened` (driver.created,
 * profile.email_changed); details are whatever the change recorded (a record's name, the fields that changed).
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

/** The details on one short line, 'name: Ada, email: ada@example.com', cut at SUMMARY_MAX characters. */
export function detailsSummary(details: unknown): string {
  if (details === null || details === undefined) return '—';
  const text =
    typeof details === 'object' && !Array.isArray(details)
      ? Object.entries(details)
          .map(([key, value]) => `${key}: ${valueText(value)}`)
          .join(', ')
      : valueText(details);
  return text.length > SUMMARY_MAX ? `${text.slice(0, SUMMARY_MAX - 1)}…` : text;
}
