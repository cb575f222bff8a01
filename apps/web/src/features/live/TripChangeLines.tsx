import Typography from '@mui/material/Typography';
import type { BoardTrip } from '@school-transport/shared';
import { plannedInstead, tripChangeNotes } from './board-format';

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

/** Under a trip's status: a delay the office marked and either side of a rescue (tripChangeNotes). */
export function TripChangeNotes({ trip }: { trip: BoardTrip }) {
  return tripChangeNotes(trip).map((note) => (
    <Typography key={note} variant="body2" sx={{ fontWeight: 600 }}>
      {note}
    </Typography>
  ));
}
