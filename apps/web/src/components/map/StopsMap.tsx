import 'leaflet/dist/leaflet.css';
import Box from '@mui/material/Box';
import { divIcon, latLngBounds } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { MapContainer, Marker, Polyline, Tooltip, useMap } from 'react-leaflet';
import { DEFAULT_VIEW, POINT_ZOOM, type MapPoint } from './coordinates';
import { FollowContainerSize, mapFrameSx } from './map-frame';
import { MapTiles } from './MapTiles';

export interface MapStop extends MapPoint {
  name: string;
}

export interface StopsMapProps {
  /** The stops in the order the bus reaches them: numbered from 1 and joined by a line. */
  stops: readonly MapStop[];
  /** The map's accessible name, e.g. 'Morning pickup stops map'. */
  label: string;
  height: number;
}

const NUMBER_CLASS = 'stops-map-number';

/** A numbered dot: a CSS icon rather than Leaflet's image pin, whose file addresses a bundler breaks. */
const numberIcon = (number: number) =>
  divIcon({ className: NUMBER_CLASS, html: String(number), iconSize: [26, 26], iconAnchor: [13, 13] });

/** Every stop in view whenever the stops change (a reorder keeps the view; an added stop far away widens it). */
function FitStops({ stops }: { stops: readonly MapStop[] }) {
  const map = useMap();
  const key = stops.map((stop) => `${stop.lat},${stop.lng}`).join(';');
  useEffect(() => {
    if (stops.length === 0) return;
    if (stops.length === 1) {
      const [only] = stops;
      if (only) map.setView([only.lat, only.lng], POINT_ZOOM);
      return;
    }
    map.fitBounds(latLngBounds(stops.map((stop) => [stop.lat, stop.lng])), { padding: [24, 24] });
    // The key says when the positions changed; the array itself is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}

/** A run's stops on a map, in order. Without tiles (offline, not configured) the numbers and line still show. */
export default function StopsMap({ stops, label, height }: StopsMapProps) {
  const line = useMemo(() => stops.map((stop) => [stop.lat, stop.lng] as [number, number]), [stops]);
  return (
    <Box
      role="region"
      aria-label={label}
      sx={{
        ...mapFrameSx(height),
        [`& .${NUMBER_CLASS}`]: {
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          border: '2px solid #fff',
          borderRadius: '50%',
          boxShadow: '0 0 0 1px rgba(0, 0, 0, 0.5)',
          display: 'grid',
          placeItems: 'center',
          fontWeight: 700,
          fontSize: 13,
        },
      }}
    >
      <MapContainer
        center={[DEFAULT_VIEW.center.lat, DEFAULT_VIEW.center.lng]}
        zoom={DEFAULT_VIEW.zoom}
        scrollWheelZoom={false}
      >
        <MapTiles stillWorks="The stops are still drawn." />
        {line.length > 1 && <Polyline positions={line} pathOptions={{ weight: 4, opacity: 0.7 }} />}
        {stops.map((stop, index) => (
          <Marker
            key={`${index}-${stop.lat}-${stop.lng}`}
            position={[stop.lat, stop.lng]}
            icon={numberIcon(index + 1)}
            keyboard={false}
          >
            <Tooltip>{`${index + 1}. ${stop.name}`}</Tooltip>
          </Marker>
        ))}
        <FitStops stops={stops} />
        <FollowContainerSize />
      </MapContainer>
    </Box>
  );
}
