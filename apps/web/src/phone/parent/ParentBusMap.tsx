import 'leaflet/dist/leaflet.css';
import Box from '@mui/material/Box';
import type { ChildStop } from '@school-transport/shared';
import { divIcon, latLngBounds } from 'leaflet';
import { useEffect } from 'react';
import { MapContainer, Marker, Tooltip, useMap } from 'react-leaflet';
import { POINT_ZOOM } from '../../components/map/coordinates';
import { FollowContainerSize, mapFrameSx } from '../../components/map/map-frame';
import { MapTiles } from '../../components/map/MapTiles';
import type { Freshness } from '../../lib/live/staleness';

export interface ParentBusMapProps {
  bus: { lat: number; lng: number };
  freshness: Freshness;
  stop: ChildStop | null;
  /** The map's accessible name, which says whose bus it is. */
  label: string;
}

const BUS_CLASS = 'parent-bus-marker';
const STOP_CLASS = 'parent-stop-marker';
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

/**
 * The one bus carrying the child, and their own stop: no path, no other stops, no other children (the server sends
 * nothing more). A stale position shows grey; the words beside the map say how old it is.
 */
export default function ParentBusMap({ bus, freshness, stop, label }: ParentBusMapProps) {
  return (
    <Box
      role="region"
      aria-label={label}
      data-freshness={freshness}
      sx={{
        ...mapFrameSx(220),
        [`& .${BUS_CLASS}`]: {
          borderRadius: '50%',
          bgcolor: freshness === 'fresh' ? 'primary.main' : 'grey.500',
          border: '3px solid #fff',
          boxShadow: '0 0 0 1px rgba(0, 0, 0, 0.6), 0 2px 6px rgba(0, 0, 0, 0.4)',
        },
        [`& .${STOP_CLASS}`]: {
          borderRadius: 1,
          bgcolor: 'background.paper',
          border: '3px solid',
          borderColor: 'text.primary',
        },
      }}
    >
      <MapContainer center={[bus.lat, bus.lng]} zoom={POINT_ZOOM - 1} scrollWheelZoom={false}>
        <MapTiles stillWorks="The bus and your stop are still shown." />
        {stop && (
          <Marker
            position={[stop.lat, stop.lng]}
            icon={divIcon({ className: STOP_CLASS, iconSize: [20, 20], iconAnchor: [10, 10] })}
            keyboard={false}
          >
            <Tooltip>{`Your stop: ${stop.name}`}</Tooltip>
          </Marker>
        )}
        <Marker
          position={[bus.lat, bus.lng]}
          icon={divIcon({
            className: BUS_CLASS,
            iconSize: [BUS_SIZE, BUS_SIZE],
            iconAnchor: [BUS_SIZE / 2, BUS_SIZE / 2],
          })}
          keyboard={false}
          zIndexOffset={1000}
        >
          <Tooltip>The bus</Tooltip>
        </Marker>
        <KeepInView bus={bus} stop={stop} />
        <FollowContainerSize />
      </MapContainer>
    </Box>
  );
}
