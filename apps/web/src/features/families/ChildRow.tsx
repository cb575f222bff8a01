import Box from '@mui/material/Box';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { Student } from '@school-transport/shared';
import type { ReactNode } from 'react';
import { formatHome } from '../../lib/time/format';

/** What a row shows of a child: a saved student, or one still waiting to be sent with the family. */
export type ChildSummary = Pick<
  Student,
  'name' | 'class' | 'rollNo' | 'nfcTagId' | 'pickupDropAddress' | 'doorToDoor'
> & {
  /** Absent or null: the home is placed from its address (on save, by the geocoder, or under Review addresses). */
  pickupAndDropLat?: number | null;
  pickupAndDropLng?: number | null;
  assignment?: Student['assignment'];
};

interface ChildRowProps {
  child: ChildSummary;
  /** The name as shown; plain text unless given (e.g. a link to the student's page). */
  title?: ReactNode;
  /** The row's icon buttons. */
  actions: ReactNode;
}

/**
 * One child in a list of children: name, class, roll no, NFC tag, pickup point (door to door or not) and, once
 * saved, the route.
 */
export function ChildRow({ child, title = child.name, actions }: ChildRowProps) {
  const pickup = formatHome(child.pickupAndDropLat, child.pickupAndDropLng);
  const lines = [
    `Class ${child.class} · Roll No ${child.rollNo} · NFC ${child.nfcTagId ?? '—'}`,
    `Pickup: ${child.pickupDropAddress ? `${child.pickupDropAddress} (${pickup})` : pickup}`,
    ...(child.doorToDoor ? ['Door to door'] : []),
    ...(child.assignment === undefined ? [] : [`Route: ${child.assignment?.routeName ?? 'Not assigned'}`]),
  ];

  return (
    <ListItem divider secondaryAction={actions} sx={{ pr: 14 }}>
      <ListItemText
        primary={title}
        secondary={lines.map((line) => (
          <Box key={line} component="span" sx={{ display: 'block' }}>
            {line}
          </Box>
        ))}
        slotProps={{ primary: { sx: { fontWeight: 600 } } }}
      />
    </ListItem>
  );
}
