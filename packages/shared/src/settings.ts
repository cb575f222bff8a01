import { z } from 'zod';

/** GET /api/settings (no sign-in needed): what the web app needs to know about this installation. */
export const publicSettingsSchema = z.object({
  /** Leaflet tile URL template, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png */
  mapTileUrl: z.string(),
  /** Attribution the tile provider asks for, shown on the map. */
  mapAttribution: z.string(),
  /** The operator's IANA time zone (e.g. Europe/London): run times and "today" are shown in it. */
  timeZone: z.string(),
  /**
   * The operator's locale, a BCP 47 tag (e.g. en-GB): every date and time the back-office shows, in a table, a
   * toast or beside a date field, is written the way this locale writes them.
   */
  locale: z.string(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** The locale dates are written in when OPERATOR_LOCALE is not set: day, short month, year; a 24-hour clock. */
export const DEFAULT_OPERATOR_LOCALE = 'en-GB';

/**
 * A calendar day ('2026-03-03') as `locale` writes it: '3 Mar 2026' in en-GB, 'Mar 3, 2026' in en-US. Read as
 * that day wherever this runs (it is a day, not an instant): the server writes the days of its messages with it.
 */
export function dayInLocale(day: string, locale: string = DEFAULT_OPERATOR_LOCALE): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year!, month! - 1, date!)));
}
