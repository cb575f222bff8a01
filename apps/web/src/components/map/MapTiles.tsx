import MuiAlert from '@mui/material/Alert';
import { useMemo, useState } from 'react';
import { TileLayer } from 'react-leaflet';
import { usePublicSettings } from '../../lib/api/use-public-settings';

export const NO_TILES_NOTICE = 'The map background could not be loaded.';

interface MapTilesProps {
  /** What still works without a background, said after the notice (e.g. "Type the coordinates instead."). */
  stillWorks: string;
}

/**
 * Every map's background: the operator's tile server (public settings) and, when its tiles cannot be loaded (no
 * network, a wrong tile URL, the settings unreachable), a notice over the map saying so and what still works, so
 * a blank map never looks broken. The notice lets clicks through (pointer-events: none): picking a point on a
 * blank map still works. Rendered inside a MapContainer, whose box it overlays.
 */
export function MapTiles({ stillWorks }: MapTilesProps) {
  const { data: settings, isError } = usePublicSettings();
  const [failed, setFailed] = useState(false);
  // A tile that loads clears the notice: the server may have been away for a moment.
  const eventHandlers = useMemo(
    () => ({ tileerror: () => setFailed(true), tileload: () => setFailed(false) }),
    [],
  );
  return (
    <>
      {settings && (
        <TileLayer
          url={settings.mapTileUrl}
          attribution={settings.mapAttribution}
          eventHandlers={eventHandlers}
        />
      )}
      {(failed || isError) && (
        <MuiAlert
          severity="warning"
          role="status"
          sx={{
            position: 'absolute',
            left: 8,
            right: 8,
            bottom: 24,
            // Above Leaflet's panes and controls (z-index up to 1000).
            zIndex: 1001,
            pointerEvents: 'none',
            py: 0,
            boxShadow: 1,
          }}
        >
          {NO_TILES_NOTICE} {stillWorks}
        </MuiAlert>
      )}
    </>
  );
}
