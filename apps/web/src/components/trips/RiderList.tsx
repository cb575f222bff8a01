import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { Student } from '@school-transport/shared';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths/paths';
import { riderDetails } from './rider-details';

interface RiderListProps {
  /** The list's accessible name, e.g. 'Children on this trip'. */
  label: string;
  students: readonly Student[];
  /** Said instead of an empty list. */
  emptyText: string;
}

/** The children of an assignment or a trip: each name links to the child's page, with class, parent and pickup. */
export function RiderList({ label, students, emptyText }: RiderListProps) {
  if (students.length === 0) return <Typography sx={{ color: 'text.secondary' }}>{emptyText}</Typography>;
  return (
    <List aria-label={label} disablePadding>
      {students.map((student) => (
        <ListItem key={student.id} divider disableGutters>
          <ListItemText
            primary={
              <Link component={RouterLink} to={paths.students.details(student.id)}>
                {student.name}
              </Link>
            }
            secondary={riderDetails(student)}
          />
        </ListItem>
      ))}
    </List>
  );
}
