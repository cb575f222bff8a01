import { z } from 'zod';

/** GET /api/settings (no sign-in needed): what the web app needs to know about this installation. */
export const publicSettingsSchema = z.object({
  /** Leaflet tile URL template, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png */
  mapTileUrl: z.string(),
  /** Attribution the tile provider asks for, shown on the map. */
  mapAttribution: z.string(),
  /** The operator's IANA time zone (e.g. Europe/London): run times and "today" are shown in it. */
  timeZone: z.string(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
