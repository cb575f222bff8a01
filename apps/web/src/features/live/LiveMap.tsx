import 'leaflet/dist/leaflet.css';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import Box from '@mui/material/Box';
import { divIcon, latLngBounds } from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { createPortal } from 'react-dom';
import { MapContainer, Marker, useMap, useMapEvents } from 'react-leaflet';
import { DEFAULT_VIEW, POINT_ZOOM } from '../../components/map/coordinates';
import { FollowContainerSize, mapFrameSx } from '../../components/map/map-frame';
import { MapTiles } from '../../components/map/MapTiles';
import { onBoardText } from './board-format';
import type { LiveBus } from './live-buses';
import { signalText } from '../../lib/live/staleness';

export interface LiveMapProps {
  buses: readonly LiveBus[];
  selectedTripId: string | null;
  onSelect: (tripId: string) => void;
  /** The map's height with its notice, per breakpoint if need be. */
  height: number | string | Record<string, number | string>;
}

const ICON_CLASS = 'live-bus-marker';

/** Read by a screen reader, not shown: the marker's details beyond its label. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
const DOT_SIZE = 28;

/**
 * A bus on the map: a dot and its route's name, with the age of its position once it is stale and a warning icon
 * once it has stopped sending. Leaflet owns the marker's element; React renders into it through a portal, so the
 * element (and the keyboard focus on it) stays while the age ticks.
 */
function BusMarker({ bus, selected, onSelect }: { bus: LiveBus; selected: boolean; onSelect: () => void }) {
  const container = useMemo(() => document.createElement('div'), []);
  const icon = useMemo(
    () =>
      divIcon({
        className: ICON_CLASS,
        html: container,
        iconSize: [DOT_SIZE, DOT_SIZE],
        iconAnchor: [DOT_SIZE / 2, DOT_SIZE / 2],
      }),
    [container],
  );
  const { trip, age, freshness } = bus;
  const fix = trip.lastFix;
  if (!fix) return null;
  const signal = signalText(age);
  return (
    <Marker
      position={[fix.lat, fix.lng]}
      icon={icon}
      zIndexOffset={selected ? 1000 : 0}
      eventHandlers={{ click: onSelect }}
    >
      {createPortal(
        <Box className="live-bus" data-freshness={freshness} data-selected={selected || undefined}>
          <Box className="live-bus-dot" aria-hidden />
          <Box className="live-bus-label">
            <Box component="span" sx={{ fontWeight: 700 }}>
              {trip.routeName}
            </Box>
            {freshness !== 'fresh' && (
              <Box component="span" className="live-bus-age">
                {freshness === 'lost' && <ReportProblemOutlinedIcon sx={{ fontSize: 14 }} aria-hidden />}
                {freshness === 'lost' ? signal : signal.replace('Last fix ', '')}
              </Box>
            )}
            <Box component="span" sx={visuallyHidden}>
              {`, ${trip.driverName}, ${onBoardText(trip.onBoard)}${freshness === 'fresh' ? `, ${signal}` : ''}`}
            </Box>
          </Box>
        </Box>,
        container,
      )}
    </Marker>
  );
}

type Point = [number, number];

const pointsOf = (buses: readonly LiveBus[]): Point[] =>
  buses.flatMap((bus) => (bus.trip.lastFix ? [[bus.trip.lastFix.lat, bus.trip.lastFix.lng] as Point] : []));

/**
 * Keeps every bus in view: when the set of buses changes (one starts, a filter changes) and when a bus drives out
 * of the view, until the dispatcher drags the map somewhere of their own; a new set of buses follows them again.
 */
function FollowBuses({ buses }: { buses: readonly LiveBus[] }) {
  const map = useMap();
  // Not state: whether to follow changes no drawing, only what the next fix does.
  const following = useRef(true);
  useMapEvents({
    dragstart: () => {
      following.current = false;
    },
  });
  const setKey = buses
    .map((bus) => bus.trip.tripId)
    .sort()
    .join(',');
  const placesKey = pointsOf(buses).join(';');

  const fit = (points: Point[]) => {
    const [only] = points;
    if (!only) return;
    if (points.length === 1) map.setView(only, Math.max(map.getZoom(), POINT_ZOOM));
    // More room on the right, where each marker's label reaches.
    else
      map.fitBounds(latLngBounds(points), {
        paddingTopLeft: [40, 40],
        paddingBottomRight: [180, 40],
        maxZoom: POINT_ZOOM,
      });
  };

  useEffect(() => {
    following.current = true;
    fit(pointsOf(buses));
    // The key says when the set of buses changed; their positions move on every fix.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, setKey]);

  useEffect(() => {
    if (!following.current) return;
    const points = pointsOf(buses);
    const view = map.getBounds().pad(-0.1);
    if (points.some((point) => !view.contains(point))) fit(points);
    // As above: the places' key says when a bus moved.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, placesKey]);
  return null;
}

export default function LiveMap({ buses, selectedTripId, onSelect, height }: LiveMapProps) {
  return (
    <Box sx={{ height, display: 'flex', flexDirection: 'column' }}>
      <Box
        role="region"
        aria-label="Map of the buses on the road"
        sx={(theme) => ({
          ...mapFrameSx(0),
          height: 'auto',
          flex: 1,
          minHeight: 240,
          [`& .${ICON_CLASS}`]: { background: 'none', border: 0, overflow: 'visible' },
          '& .live-bus': { position: 'relative', width: DOT_SIZE, height: DOT_SIZE },
          '& .live-bus-dot': {
            width: DOT_SIZE,
            height: DOT_SIZE,
            borderRadius: '50%',
            bgcolor: 'primary.main',
            border: '3px solid #fff',
            boxShadow: '0 0 0 1px rgba(0, 0, 0, 0.6), 0 2px 6px rgba(0, 0, 0, 0.4)',
          },
          '& .live-bus[data-freshness="stale"] .live-bus-dot': { bgcolor: 'grey.500' },
          '& .live-bus[data-freshness="lost"] .live-bus-dot': { bgcolor: 'grey.700' },
          '& .live-bus[data-selected] .live-bus-dot': {
            boxShadow: `0 0 0 4px ${theme.palette.text.primary}`,
          },
          '& .live-bus-label': {
            position: 'absolute',
            left: DOT_SIZE + 4,
            top: -2,
            display: 'flex',
            flexDirection: 'column',
            whiteSpace: 'nowrap',
            px: 0.75,
            py: 0.25,
            borderRadius: 1,
            fontSize: 12,
            lineHeight: 1.3,
            bgcolor: 'background.paper',
            color: 'text.primary',
            boxShadow: '0 1px 3px rgba(0, 0, 0, 0.4)',
          },
          '& .live-bus[data-freshness="stale"] .live-bus-label': { color: 'text.secondary' },
          '& .live-bus-age': { display: 'inline-flex', alignItems: 'center', gap: 0.25 },
          '& .live-bus[data-freshness="lost"] .live-bus-age': { color: 'error.main', fontWeight: 600 },
        })}
      >
        <MapContainer
          center={[DEFAULT_VIEW.center.lat, DEFAULT_VIEW.center.lng]}
          zoom={DEFAULT_VIEW.zoom}
          scrollWheelZoom={false}
        >
          <MapTiles stillWorks="Buses are still shown at their positions." />
          {buses.map((bus) => (
            <BusMarker
              key={bus.trip.tripId}
              bus={bus}
              selected={bus.trip.tripId === selectedTripId}
              onSelect={() => onSelect(bus.trip.tripId)}
            />
          ))}
          <FollowBuses buses={buses} />
          <FollowContainerSize />
        </MapContainer>
      </Box>
    </Box>
  );
}
