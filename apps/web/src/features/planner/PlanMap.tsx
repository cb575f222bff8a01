import 'leaflet/dist/leaflet.css';
import Box from '@mui/material/Box';
import { divIcon, latLngBounds } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { MapContainer, Marker, Polyline, Tooltip, useMap } from 'react-leaflet';
import { POINT_ZOOM } from '../../components/map/coordinates';
import { FollowContainerSize, mapFrameSx } from '../../components/map/map-frame';
import { MapTiles } from '../../components/map/MapTiles';
import type { LinePoint, RunLine } from './plan-format';

export interface PlanMapProps {
  lines: readonly RunLine[];
  school: LinePoint & { name: string };
  /** The map's accessible name, e.g. 'Map of the proposed runs'. */
  label: string;
  height: number;
}

const STOP_CLASS = 'plan-map-stop';
const SCHOOL_CLASS = 'plan-map-school';
/** A stop's dot takes its run's colour from a class of the run's place in the list. */
const runClass = (index: number) => `plan-map-run-${index}`;
const stopIcon = (index: number) =>
  divIcon({ className: `${STOP_CLASS} ${runClass(index)}`, iconSize: [14, 14], iconAnchor: [7, 7] });
const schoolIcon = divIcon({ className: SCHOOL_CLASS, html: 'S', iconSize: [24, 24], iconAnchor: [12, 12] });

/** The school and every stop in view, again whenever the set of points changes. */
function FitPoints({ points }: { points: readonly LinePoint[] }) {
  const map = useMap();
  const key = points.map((point) => `${point.lat},${point.lng}`).join(';');
  useEffect(() => {
    const [only] = points;
    if (!only) return;
    if (points.length === 1) map.setView([only.lat, only.lng], POINT_ZOOM);
    else map.fitBounds(latLngBounds(points.map((point) => [point.lat, point.lng])), { padding: [24, 24] });
    // The key says when the points changed; the array itself is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}

/**
 * A school's morning runs on a map: each run a line of its own colour through its stops to the school. Without
 * tiles (offline, blocked, not configured) the lines and dots still show, and a notice says why the map is blank.
 */
export default function PlanMap({ lines, school, label, height }: PlanMapProps) {
  const points = [school, ...lines.flatMap((run) => run.stops)];
  // One icon per run, not one per stop and render.
  const runCount = lines.length;
  const icons = useMemo(() => Array.from({ length: runCount }, (_run, index) => stopIcon(index)), [runCount]);

  return (
    <div>
      <Box
        role="region"
        aria-label={label}
        sx={{
          ...mapFrameSx(height),
          [`& .${STOP_CLASS}`]: {
            borderRadius: '50%',
            border: '2px solid #fff',
            boxShadow: '0 0 0 1px #000',
          },
          ...Object.fromEntries(
            lines.map((run, index) => [`& .${runClass(index)}`, { backgroundColor: run.colour }]),
          ),
          [`& .${SCHOOL_CLASS}`]: {
            bgcolor: 'text.primary',
            color: 'background.paper',
            borderRadius: 1,
            display: 'grid',
            placeItems: 'center',
            fontWeight: 700,
          },
        }}
      >
        <MapContainer center={[school.lat, school.lng]} zoom={POINT_ZOOM} scrollWheelZoom={false}>
          <MapTiles stillWorks="The runs are still drawn." />
          {lines.map((run) => (
            <Polyline
              key={run.key}
              positions={run.line.map(({ lat, lng }) => [lat, lng] as [number, number])}
              pathOptions={{ color: run.colour, weight: 4, opacity: 0.8 }}
            />
          ))}
          {lines.flatMap((run, runIndex) =>
            run.stops.map((stop, index) => (
              <Marker
                key={`${run.key}-${index}`}
                position={[stop.lat, stop.lng]}
                icon={icons[runIndex]}
                keyboard={false}
              >
                <Tooltip>{`${run.name}: ${index + 1}. ${stop.label}`}</Tooltip>
              </Marker>
            )),
          )}
          <Marker position={[school.lat, school.lng]} icon={schoolIcon} keyboard={false} zIndexOffset={1000}>
            <Tooltip>{school.name}</Tooltip>
          </Marker>
          <FitPoints points={points} />
          <FollowContainerSize />
        </MapContainer>
      </Box>
    </div>
  );
}
