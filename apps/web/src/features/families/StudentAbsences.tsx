import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { fetchFailedMessage, type Absence } from '@school-transport/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/page/ConfirmDialog';
import { formatDate, localToday } from '../../lib/time/format';
import { useAbsences, useRemoveAbsence } from './absences-api';
import { ABSENCE_RUN_LABELS, AbsenceFormDialog } from './AbsenceFormDialog';
import { useMayUse } from '../../lib/session/session';

/** The child's upcoming "not riding" dates, soonest first, with the way to add and remove them. */
export function StudentAbsences({ studentId, name }: { studentId: string; name: string }) {
  const absences = useAbsences(studentId);
  const remove = useRemoveAbsence();
  const [adding, setAdding] = useState(false);
  const manages = useMayUse('admin');
  const [removing, setRemoving] = useState<Absence | null>(null);
  const today = localToday();
  const upcoming = (absences.data ?? [])
    .filter((absence) => absence.date >= today)
    .sort((a, b) => a.date.localeCompare(b.date) || a.run.localeCompare(b.run));

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Not riding
        </Typography>
        {manages && (
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            Mark not riding
          </Button>
        )}
      </Box>
      {absences.isPending && <CircularProgress size={24} aria-label="Loading absences" />}
      {absences.isError && <Alert severity="error">{fetchFailedMessage('absences')}</Alert>}
      {absences.isSuccess && upcoming.length === 0 && (
        <Typography sx={{ color: 'text.secondary' }}>No upcoming dates: {name} rides as usual.</Typography>
      )}
      {upcoming.length > 0 && (
        <List aria-label="Upcoming dates not riding">
          {upcoming.map((absence) => (
            <ListItem
              key={absence.id}
              divider
              disableGutters
              secondaryAction={
                manages && (
                  <IconButton
                    edge="end"
                    aria-label={`Remove not riding on ${formatDate(absence.date)}, ${ABSENCE_RUN_LABELS[absence.run]}`}
                    onClick={() => setRemoving(absence)}
                  >
                    <DeleteOutlinedIcon />
                  </IconButton>
                )
              }
            >
              <ListItemText
                primary={`${formatDate(absence.date)} — ${ABSENCE_RUN_LABELS[absence.run]}`}
                secondary={absence.reason ?? undefined}
              />
            </ListItem>
          ))}
        </List>
      )}
      {adding && <AbsenceFormDialog studentId={studentId} name={name} onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this date?"
        text={
          removing
            ? `${name} will be expected on the ${ABSENCE_RUN_LABELS[removing.run].toLowerCase()} run on ${formatDate(removing.date)}.`
            : ''
        }
        confirmLabel="Remove"
        onConfirm={() => (removing ? remove.mutateAsync(removing.id) : undefined)}
        onClose={() => setRemoving(null)}
      />
    </Paper>
  );
}
