import Typography from '@mui/material/Typography';
import { LazyLocationPicker } from './LazyLocationPicker';
import type { MapPoint } from './coordinates';

interface MapPointFieldProps {
  /** The typed coordinates as a point, or null while they are not a position. */
  point: MapPoint | null;
  onPick: (point: MapPoint) => void;
  /** The map's accessible name. */
  label: string;
  /** What a click does, said under the map. */
  hint: string;
  height: number;
}

/** A form's map beside its coordinate fields: it shows the typed point and a click fills the fields in. */
export function MapPointField({ point, onPick, label, hint, height }: MapPointFieldProps) {
  return (
    <div>
      <LazyLocationPicker point={point} onPick={onPick} label={label} height={height} />
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
        {hint}
      </Typography>
    </div>
  );
}
