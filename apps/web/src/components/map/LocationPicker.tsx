import 'leaflet/dist/leaflet.css';
import Box from '@mui/material/Box';
import { divIcon } from 'leaflet';
import { useEffect, useState } from 'react';
import { MapContainer, Marker, useMap, useMapEvents } from 'react-leaflet';
import { DEFAULT_VIEW, POINT_ZOOM, roundCoordinate, type MapPoint } from './coordinates';
import { FollowContainerSize, mapFrameSx } from './map-frame';
import { MapTiles } from './MapTiles';

/**
 * The point is a CSS dot rather than Leaflet's default pin: that one is a set of image files whose addresses a
 * bundler breaks.
 */
const POINT_CLASS = 'location-picker-point';
const pointIcon = divIcon({ className: POINT_CLASS, iconSize: [18, 18], iconAnchor: [9, 9] });

export interface LocationPickerProps {
  /** The current point, or null while the coordinates are not a valid position. */
  point: MapPoint | null;
  /** Called with a clicked position; without it the map only shows the point. */
  onPick?: (point: MapPoint) => void;
  /** The map's accessible name, e.g. 'Pickup location map'. */
  label: string;
  height: number;
}

function PickOnClick({ onPick }: { onPick: (point: MapPoint) => void }) {
  useMapEvents({
    click: (event) => {
      // After panning across the date line Leaflet reports longitudes past ±180; wrap them back.
      const { lat, lng } = event.latlng.wrap();
      onPick({ lat: roundCoordinate(lat), lng: roundCoordinate(lng) });
    },
  });
  return null;
}

/** A point typed into the fields, or picked at the edge, is brought into view. */
function KeepPointInView({ point }: { point: MapPoint | null }) {
  const map = useMap();
  const lat = point?.lat;
  const lng = point?.lng;
  useEffect(() => {
    if (lat === undefined || lng === undefined) return;
    if (!map.getBounds().contains([lat, lng])) map.setView([lat, lng], Math.max(map.getZoom(), POINT_ZOOM));
  }, [map, lat, lng]);
  return null;
}

/**
 * A map of one point, picked by a click when `onPick` is given. Tiles come from the installation's settings;
 * without them (offline, blocked, not configured) the map stays blank but still shows and picks the point, so
 * typed coordinates and clicks work either way.
 */
export default function LocationPicker({ point, onPick, label, height }: LocationPickerProps) {
  // Leaflet reads the centre once; later points are brought into view by KeepPointInView.
  const [initialView] = useState(() => (point ? { center: point, zoom: POINT_ZOOM } : DEFAULT_VIEW));

  return (
    <Box
      role="region"
      aria-label={label}
      sx={{
        ...mapFrameSx(height),
        '& .leaflet-container': { height: '100%', cursor: onPick ? 'crosshair' : undefined },
        [`& .${POINT_CLASS}`]: {
          bgcolor: 'primary.main',
          border: '3px solid #fff',
          borderRadius: '50%',
          boxShadow: '0 0 0 1px rgba(0, 0, 0, 0.5), 0 2px 6px rgba(0, 0, 0, 0.4)',
        },
      }}
    >
      <MapContainer
        center={[initialView.center.lat, initialView.center.lng]}
        zoom={initialView.zoom}
        // The page scrolls under the wheel; zooming is for the buttons, a pinch or a double click.
        scrollWheelZoom={false}
      >
        <MapTiles
          stillWorks={
            onPick
              ? 'Click the place anyway, or type its latitude and longitude.'
              : 'The point is still shown.'
          }
        />
        {point && <Marker position={[point.lat, point.lng]} icon={pointIcon} keyboard={false} />}
        <KeepPointInView point={point} />
        <FollowContainerSize />
        {onPick && <PickOnClick onPick={onPick} />}
      </MapContainer>
    </Box>
  );
}
