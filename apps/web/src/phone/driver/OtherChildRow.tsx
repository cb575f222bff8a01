import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { OtherChild } from './rider-state';
import { STATE_LABELS } from './RiderRow';

/** How the driver sees a child who is not on the list: the server keeps other buses' children's names. */
export function otherChildLabel(child: OtherChild): { primary: string; secondary: string } {
  const card = child.tagId ? `Card ${child.tagId}` : 'Student card';
  if (child.flag === 'WRONG_BUS')
    return { primary: child.name ?? 'A child of another bus', secondary: `${card} · the office is told` };
  return { primary: child.name ?? 'A child not on this list', secondary: `${card} · waiting for the server` };
}

interface OtherChildRowProps {
  child: OtherChild;
  /** Null while the trip is not running, or nothing to do: the row is then only read. */
  onLeave: (() => void) | null;
}

/** A child of another bus (or a card not yet checked) scanned on this trip: their state and a Leave action. */
export function OtherChildRow({ child, onLeave }: OtherChildRowProps) {
  const { primary, secondary } = otherChildLabel(child);
  return (
    <ListItem
      secondaryAction={
        onLeave && child.state === 'ON_BUS' ? (
          <Button size="small" variant="outlined" onClick={onLeave} aria-label={`${primary}: leave the bus`}>
            Leave
          </Button>
        ) : undefined
      }
    >
      <ListItemText primary={primary} secondary={secondary} />
      <Chip
        size="small"
        label={STATE_LABELS[child.state]}
        color={child.state === 'ON_BUS' ? 'info' : 'default'}
        sx={{ mr: onLeave && child.state === 'ON_BUS' ? 8 : 0 }}
      />
    </ListItem>
  );
}
