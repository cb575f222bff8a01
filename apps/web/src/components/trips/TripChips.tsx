import Chip from '@mui/material/Chip';
import {
  TRIP_STATUS_COLORS,
  TRIP_TYPE_COLORS,
  type TripStatus,
  type TripType,
} from '@school-transport/shared';

/** A trip's status in its colour (the shared TRIP_STATUS_COLORS): PENDING warning, STARTED info, and so on. */
export function TripStatusChip({ status }: { status: TripStatus }) {
  return <Chip size="small" label={status} color={TRIP_STATUS_COLORS[status]} />;
}

/** PICKUP or DROP, in its colour (the shared TRIP_TYPE_COLORS). */
export function TripTypeChip({ type }: { type: TripType }) {
  return <Chip size="small" variant="outlined" label={type} color={TRIP_TYPE_COLORS[type]} />;
}
