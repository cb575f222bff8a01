import 'leaflet/dist/leaflet.css';
import type { ChildStop } from '@school-transport/shared';
import { divIcon, latLngBounds } from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { MapContainer, Marker, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { usePublicSettings } from '../../lib/api/use-public-settings';
import type { Freshness } from '../../lib/live/staleness';
import { useT } from '../i18n';

export interface ParentBusMapProps {
  bus: { lat: number; lng: number };
  freshness: Freshness;
  stop: ChildStop | null;
  /** The map's accessible name, which says whose bus it is. */
  label: string;
}

/** Close enough to tell one street from the next (the office's maps use the same). */
const POINT_ZOOM = 16;
const BUS_SIZE = 28;

/** The bus and the child's stop both in view, kept so as the bus moves. */
function KeepInView({ bus, stop }: Pick<ParentBusMapProps, 'bus' | 'stop'>) {
  const map = useMap();
  useEffect(() => {
    if (!stop) {
      map.setView([bus.lat, bus.lng], Math.max(map.getZoom(), POINT_ZOOM - 1));
      return;
    }
    const bounds = latLngBounds([
      [bus.lat, bus.lng],
      [stop.lat, stop.lng],
    ]);
    if (!map.getBounds().pad(-0.1).contains(bounds))
      map.fitBounds(bounds, { padding: [32, 32], maxZoom: POINT_ZOOM });
  }, [map, bus.lat, bus.lng, stop]);
  return null;
}

/** Leaflet measures its container only when the window resizes; a card's width changes with the text size too. */
function FollowContainerSize() {
  const map = useMap();
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/**
 * The operator's tiles (public settings); when they cannot be loaded, a notice over the map says so and that the
 * bus and the stop are still shown, so a blank map never looks broken.
 */
function Tiles() {
  const { t } = useT();
  const { data: settings, isError } = usePublicSettings();
  const [failed, setFailed] = useState(false);
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
        <p className="parent-map-notice" role="status">
          {t('map.noTiles')}
        </p>
      )}
    </>
  );
}

/**
 * The one bus carrying the child, and their own stop: no path, no other stops, no other children (the server sends
 * nothing more). A stale position shows grey; the words beside the map say how old it is.
 */
export default function ParentBusMap({ bus, freshness, stop, label }: ParentBusMapProps) {
  const { t } = useT();
  return (
    <div className="parent-map" role="region" aria-label={label} data-freshness={freshness}>
      <MapContainer center={[bus.lat, bus.lng]} zoom={POINT_ZOOM - 1} scrollWheelZoom={false}>
        <Tiles />
        {stop && (
          <Marker
            position={[stop.lat, stop.lng]}
            icon={divIcon({ className: 'parent-stop-marker', iconSize: [20, 20], iconAnchor: [10, 10] })}
            keyboard={false}
          >
            <Tooltip>{t('map.yourStop', { stop: stop.name })}</Tooltip>
          </Marker>
        )}
        <Marker
          position={[bus.lat, bus.lng]}
          icon={divIcon({
            className: 'parent-bus-marker',
            iconSize: [BUS_SIZE, BUS_SIZE],
            iconAnchor: [BUS_SIZE / 2, BUS_SIZE / 2],
          })}
          keyboard={false}
          zIndexOffset={1000}
        >
          <Tooltip>{t('map.bus')}</Tooltip>
        </Marker>
        <KeepInView bus={bus} stop={stop} />
        <FollowContainerSize />
      </MapContainer>
    </div>
  );
}
