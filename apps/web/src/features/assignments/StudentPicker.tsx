import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { fetchFailedMessage, SEARCH_MAX, type Student } from '@school-transport/shared';
import { useState } from 'react';
import { riderDetails } from '../../components/trips/rider-details';
import { RESOURCES } from '../../lib/api/resource-api';
import { useDebouncedValue } from '../../lib/time/use-debounced-value';
import { useFreeList } from './useFreeList';
import type { StudentSelection } from './useStudentSelection';

const PAGE_SIZE = 10;

/** The client-side twin of the server's student search, for the children already riding (not in the free list). */
function matches(student: Student, search: string): boolean {
  const text = search.toLowerCase();
  return [student.name, student.class, student.rollNo, student.nfcTagId ?? '', student.parent.user.name].some(
    (value) => value.toLowerCase().includes(text),
  );
}

interface PickableRowProps {
  student: Student;
  selected: boolean;
  disabled: boolean;
  onToggle: (student: Student) => void;
}

function PickableRow({ student, selected, disabled, onToggle }: PickableRowProps) {
  return (
    <ListItem disablePadding divider>
      <ListItemButton
        selected={selected}
        disabled={disabled}
        aria-pressed={selected}
        onClick={() => onToggle(student)}
      >
        <ListItemIcon sx={{ minWidth: 40 }}>
          {selected ? <CheckBoxIcon color="primary" /> : <CheckBoxOutlineBlankIcon />}
        </ListItemIcon>
        <ListItemText primary={student.name} secondary={riderDetails(student)} />
      </ListItemButton>
    </ListItem>
  );
}

interface StudentPickerProps {
  selection: StudentSelection;
  /** Seats of the vehicle; null while no vehicle is chosen. */
  seats: number | null;
  /** Why nothing can be picked yet; the list is shown, but not clickable, meanwhile. */
  blockedReason?: string;
  /** Children shown above the free ones: those riding with the assignment being changed. */
  riding?: readonly Student[];
}

/**
 * The clickable student list and selected-students panel, the same on Add Assignment and when an
 * assignment's children are changed: the children without an assignment (searched, a page at a time), a click
 * picks or drops one, and the panel counts the picked against the seats.
 */
export function StudentPicker({ selection, seats, blockedReason, riding = [] }: StudentPickerProps) {
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim().slice(0, SEARCH_MAX));
  const [page, setPage] = useState(1);
  const free = useFreeList<Student>(RESOURCES.students, { page, limit: PAGE_SIZE, search });
  const ridingShown = search ? riding.filter((student) => matches(student, search)) : riding;
  const isSelected = (student: Student) => selection.selected.some((chosen) => chosen.id === student.id);
  const blocked = blockedReason !== undefined;

  const row = (student: Student) => (
    <PickableRow
      key={student.id}
      student={student}
      selected={isSelected(student)}
      disabled={blocked}
      onToggle={selection.toggle}
    />
  );

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 7 }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          {blocked && (
            // A standing hint, not news: no alert role, which screen readers would announce at once.
            <Alert severity="info" role="note" sx={{ mb: 2 }}>
              {blockedReason}
            </Alert>
          )}
          <TextField
            type="search"
            size="small"
            label="Search students"
            placeholder="Name, class, roll no, NFC tag or parent"
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              setPage(1);
            }}
            // The search runs as one types; Enter must not send the form the picker sits in.
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.preventDefault();
            }}
            fullWidth
            slotProps={{ htmlInput: { maxLength: SEARCH_MAX } }}
          />
          <LinearProgress
            aria-label="Loading students"
            sx={{ mt: 1, visibility: free.isFetching ? 'visible' : 'hidden' }}
          />
          <List aria-label="Students to pick" dense>
            {ridingShown.length > 0 && (
              <ListSubheader disableSticky>Riding with this assignment</ListSubheader>
            )}
            {ridingShown.map(row)}
            <ListSubheader disableSticky>Without an assignment</ListSubheader>
            {free.isError ? (
              <Alert severity="error">{fetchFailedMessage(RESOURCES.students)}</Alert>
            ) : free.rows.length === 0 && !free.isPending ? (
              <ListItem>
                <ListItemText secondary={search ? 'No student without an assignment matches.' : 'None.'} />
              </ListItem>
            ) : (
              free.rows.map(row)
            )}
          </List>
          {(free.pagination?.totalPages ?? 0) > 1 && (
            <Pagination
              count={free.pagination?.totalPages}
              page={page}
              onChange={(_event, next) => setPage(next)}
              size="small"
              shape="rounded"
            />
          )}
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <SelectedPanel selection={selection} seats={seats} blocked={blocked} />
      </Grid>
    </Grid>
  );
}

interface SelectedPanelProps {
  selection: StudentSelection;
  seats: number | null;
  blocked: boolean;
}

/** The picked children, each removable, counted against the seats: 'Selected 3 / 40 seats'. */
function SelectedPanel({ selection, seats, blocked }: SelectedPanelProps) {
  const count = selection.selected.length;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {seats === null ? `Selected ${count}` : `Selected ${count} / ${seats} seats`}
      </Typography>
      {count === 0 ? (
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>
          Click a student in the list to add them here.
        </Typography>
      ) : (
        <List aria-label="Selected students" dense>
          {selection.selected.map((student) => (
            <ListItem
              key={student.id}
              divider
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={`Remove ${student.name}`}
                  disabled={blocked}
                  onClick={() => selection.toggle(student)}
                >
                  <CloseIcon />
                </IconButton>
              }
            >
              <ListItemText primary={student.name} secondary={riderDetails(student)} />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
