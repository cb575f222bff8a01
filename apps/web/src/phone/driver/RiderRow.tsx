import Chip from '@mui/material/Chip';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { ManifestRider, RiderState, RidershipKind } from '@school-transport/shared';
import { useState } from 'react';
import { PhotoAvatar } from '../../components/images/PhotoAvatar';

export const STATE_LABELS: Record<RiderState, string> = {
  WAITING: 'Waiting',
  ON_BUS: 'On the bus',
  LEFT: 'Left the bus',
  NO_SHOW: 'No show',
  ABSENT: 'Absent',
};
const STATE_COLORS = {
  WAITING: 'default',
  ON_BUS: 'info',
  LEFT: 'success',
  NO_SHOW: 'warning',
  ABSENT: 'default',
} as const satisfies Record<RiderState, string>;

interface RiderRowProps {
  rider: ManifestRider;
  state: RiderState;
  /** Null while the trip is not running: the row is then only read. */
  onRecord: ((kind: RidershipKind) => void) | null;
}

/** A child in the manifest: a tap opens Board / Leave / No show. */
export function RiderRow({ rider, state, onRecord }: RiderRowProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (kind: RidershipKind) => {
    setAnchor(null);
    onRecord?.(kind);
  };
  const content = (
    <>
      <ListItemAvatar>
        <PhotoAvatar src={rider.photoUrl} name={rider.name} size={48} />
      </ListItemAvatar>
      <ListItemText
        primary={rider.name}
        secondary={rider.absent ? `${rider.class} · marked not riding today` : rider.class}
        sx={{ ml: 1 }}
      />
      <Chip
        size="small"
        label={STATE_LABELS[state]}
        color={STATE_COLORS[state]}
        variant={state === 'ABSENT' ? 'outlined' : 'filled'}
      />
    </>
  );
  if (!onRecord) return <ListItem>{content}</ListItem>;
  return (
    <ListItem disablePadding>
      <ListItemButton
        aria-haspopup="menu"
        aria-label={`${rider.name}, ${STATE_LABELS[state]}`}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {content}
      </ListItemButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => choose('BOARD')} disabled={state === 'ON_BUS'}>
          Board
        </MenuItem>
        <MenuItem onClick={() => choose('ALIGHT')} disabled={state !== 'ON_BUS'}>
          Leave the bus
        </MenuItem>
        <MenuItem onClick={() => choose('NO_SHOW')} disabled={state === 'ON_BUS' || state === 'LEFT'}>
          Did not show up
        </MenuItem>
      </Menu>
    </ListItem>
  );
}
