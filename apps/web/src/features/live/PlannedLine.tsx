import Typography from '@mui/material/Typography';
import type { BoardTrip } from '@school-transport/shared';
import { plannedInstead } from './board-format';

/** On a card, one line for a covered trip: "Planned: Raj · KA-10", what the cover changed. */
export function PlannedLine({ trip }: { trip: BoardTrip }) {
  const { driver, vehicle } = plannedInstead(trip);
  if (!driver && !vehicle) return null;
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      Planned: {[driver, vehicle].filter(Boolean).join(' · ')}
    </Typography>
  );
}
