import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { TripEvent } from '@school-transport/shared';
import { TripStatusChip } from '../../components/trips/TripChips';
import { formatTripMoment, orDash } from '../../lib/time/format';

/** Every status the trip has had, oldest first: when, and who made the change. */
export function TripHistory({ history }: { history: readonly TripEvent[] }) {
  return (
    <List aria-label="Status history" disablePadding>
      {history.map((event) => (
        <ListItem key={`${event.status}-${event.at}`} divider disableGutters>
          <ListItemIcon sx={{ minWidth: 132 }}>
            <TripStatusChip status={event.status} />
          </ListItemIcon>
          <ListItemText primary={formatTripMoment(event.at)} secondary={`by ${orDash(event.by)}`} />
        </ListItem>
      ))}
    </List>
  );
}
