import Chip from '@mui/material/Chip';
import {
  TRIP_STATUS_COLORS,
  TRIP_TYPE_COLORS,
  type TripStatus,
  type TripType,
} from '@school-transport/shared';

/** A trip's status in the spec's colours (section 4): PENDING warning, STARTED info, and so on. */
export function TripStatusChip({ status }: { status: TripStatus }) {
  return <Chip size="small" label={status} color={TRIP_STATUS_COLORS[status]} />;
}

/** PICKUP or DROP, coloured as the spec says (section 4). */
export function TripTypeChip({ type }: { type: TripType }) {
  return <Chip size="small" variant="outlined" label={type} color={TRIP_TYPE_COLORS[type]} />;
}
