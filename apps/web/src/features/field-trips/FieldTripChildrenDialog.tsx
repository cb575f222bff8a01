import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  fieldTripChildrenInputSchema,
  type FieldTrip,
  type FieldTripChild,
  type FieldTripChildrenInput,
} from '@school-transport/shared';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { FormDialog } from '../../components/form/FormDialog';
import { showServerFieldErrors } from '../../components/form/server-field-errors';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { RetryAlert } from '../../components/page/RetryAlert';
import { PageLoader } from '../../components/shell/PageLoader';
import { ApiError } from '../../lib/api/api-client';
import { useDebouncedValue } from '../../lib/time/use-debounced-value';
import { useChildCandidates, useFieldTripChildren, useSaveFieldTripChildren } from './field-trips-api';

/**
 * The children going on a field trip (decision 078): the list as it is, a search among the trip's school's
 * children to add more, and a remove on each. Saved as a whole; the shared schema checks it as the server does, and
 * the server's refusal (a child of another school, more children than pupils, a bus already set off) shows under
 * the list.
 */
export function ChildrenDialog({ trip, onClose }: { trip: FieldTrip; onClose: () => void }) {
  const current = useFieldTripChildren(trip.id);
  if (current.data) return <ChildrenForm trip={trip} initial={current.data} onClose={onClose} />;
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-label={`Children going to ${trip.destinationName}`}
    >
      <DialogContent>
        {current.isError ? (
          <RetryAlert message="Could not read the trip’s children." onRetry={() => void current.refetch()} />
        ) : (
          <PageLoader />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The list, starting as the server has it. */
function ChildrenForm({
  trip,
  initial,
  onClose,
}: {
  trip: FieldTrip;
  initial: FieldTripChild[];
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim());
  const candidates = useChildCandidates(trip.id, settled);
  const save = useSaveFieldTripChildren();
  const [list, setList] = useState<FieldTripChild[]>(initial);
  const { control, problems, submitWith, isSubmitting, setValue } = useSchemaForm(
    fieldTripChildrenInputSchema,
    {
      studentIds: initial.map((child) => child.id),
    } satisfies FieldTripChildrenInput,
  );
  const { fieldState } = useController({ control, name: 'studentIds' });

  const change = (next: FieldTripChild[]) => {
    setList(next);
    setValue(
      'studentIds',
      next.map((child) => child.id),
      { shouldDirty: true, shouldValidate: true },
    );
  };
  const has = (id: string) => list.some((child) => child.id === id);
  return (
    <FormDialog
      title={`Children going to ${trip.destinationName}`}
      submitLabel="Save children"
      maxWidth="md"
      problems={problems}
      submitting={isSubmitting}
      onSubmit={submitWith(async (input) => {
        try {
          await save.mutateAsync({ id: trip.id, studentIds: input.studentIds });
        } catch (error) {
          showServerFieldErrors(error, ['studentIds'], control.setError);
          if (error instanceof ApiError) throw new ApiError(error.status, error.message);
          throw error;
        }
        onClose();
      })}
      onClose={onClose}
    >
      <Stack spacing={2}>
        <Typography>
          {trip.school.name}: {list.length} of {trip.pupils} pupils chosen. With a list, the driver’s manifest
          names them and scans them on and off the bus; without one, the group is a count.
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} role="list" aria-label="Children going">
          {list.length === 0 && <Typography color="text.secondary">No children on the list.</Typography>}
          {list.map((child) => (
            <Chip
              key={child.id}
              role="listitem"
              label={`${child.name} (${child.class})`}
              onDelete={() => change(list.filter((other) => other.id !== child.id))}
              deleteIcon={
                <Button size="small" aria-label={`Remove ${child.name}`} sx={{ minWidth: 0 }}>
                  ×
                </Button>
              }
            />
          ))}
        </Stack>
        {fieldState.error && (
          <Alert severity="error" role="alert">
            {fieldState.error.message ?? fieldState.error.root?.message}
          </Alert>
        )}
        <TextField
          label="Find a child of the school"
          helperText="Name, class or roll number"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        {candidates.isError && (
          <RetryAlert message="Could not search the children." onRetry={() => void candidates.refetch()} />
        )}
        {candidates.data?.length === 0 && (
          <Typography color="text.secondary">No child of {trip.school.name} matches.</Typography>
        )}
        <List dense aria-label="Matching children" sx={{ maxHeight: 260, overflow: 'auto' }}>
          {(candidates.data ?? []).map((child) => (
            <ListItem
              key={child.id}
              secondaryAction={
                <Button
                  size="small"
                  disabled={has(child.id)}
                  onClick={() => change([...list, child])}
                  aria-label={`Add ${child.name}`}
                >
                  {has(child.id) ? 'Added' : 'Add'}
                </Button>
              }
            >
              <ListItemText primary={child.name} secondary={child.class} />
            </ListItem>
          ))}
        </List>
      </Stack>
    </FormDialog>
  );
}
