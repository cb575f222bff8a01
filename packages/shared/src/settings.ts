/** GET /api/settings (no sign-in needed): what the web app needs to know about this installation. */
export interface PublicSettings {
  /** Leaflet tile URL template, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png */
  mapTileUrl: string;
  /** Attribution the tile provider asks for, shown on the map. */
  mapAttribution: string;
}
