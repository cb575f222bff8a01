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

export { DEFAULT_OPERATOR_LOCALE, dateWriter, dayInLocale, longDayInLocale } from './date-writing.js';
