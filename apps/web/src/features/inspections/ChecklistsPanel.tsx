import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { checklistInputSchema, type Checklist } from '@school-transport/shared';
import { ConfirmDialog } from '../../components/page/ConfirmDialog';
import { PageLoader } from '../../components/shell/PageLoader';
import { RetryAlert } from '../../components/page/RetryAlert';
import { ApiError } from '../../lib/api/api-client';
import { useChecklists, useDeleteChecklist, useSaveChecklist } from './inspections-api';
import { useMayUse } from '../../lib/session/session';

/**
 * The items as the admin types them, one a line. An item keeps its id while its label is unchanged, so an edit
 * that only adds or reorders lines leaves past inspections' item ids meaning the same thing.
 */
function itemsFromLines(lines: string, previous: Checklist['items']) {
  const unused = [...previous];
  return lines
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((label) => {
      const index = unused.findIndex((item) => item.label === label);
      const kept = index >= 0 ? unused.splice(index, 1)[0] : undefined;
      return { id: kept?.id ?? crypto.randomUUID().slice(0, 8), label };
    });
}

function ChecklistDialog({ checklist, onClose }: { checklist: Checklist | null; onClose: () => void }) {
  const [vehicleType, setVehicleType] = useState(checklist?.vehicleType ?? '');
  const [lines, setLines] = useState(checklist?.items.map((item) => item.label).join('\n') ?? '');
  const [errors, setErrors] = useState<{ vehicleType?: string; items?: string; form?: string }>({});
  const save = useSaveChecklist();
  const { enqueueSnackbar } = useSnackbar();

  const submit = () => {
    const input = { vehicleType, items: itemsFromLines(lines, checklist?.items ?? []) };
    const parsed = checklistInputSchema.safeParse(input);
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'vehicleType' ? 'vehicleType' : 'items';
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    save.mutate(
      { id: checklist?.id ?? null, input },
      {
        onSuccess: () => {
          enqueueSnackbar('Checklist saved.', { variant: 'success' });
          onClose();
        },
        onError: (error) => {
          const onType = error instanceof ApiError && error.errors.some((e) => e.field === 'vehicleType');
          setErrors(onType ? { vehicleType: error.message } : { form: error.message });
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{checklist ? 'Edit checklist' : 'New checklist'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Vehicle type"
            value={vehicleType}
            required
            error={Boolean(errors.vehicleType)}
            helperText={errors.vehicleType ?? 'As the vehicles are typed, e.g. Bus or Minibus (any case)'}
            onChange={(event) => setVehicleType(event.target.value)}
          />
          <TextField
            label="Items, one a line"
            value={lines}
            multiline
            minRows={5}
            required
            error={Boolean(errors.items)}
            helperText={errors.items ?? 'In the order the driver goes through them'}
            onChange={(event) => setLines(event.target.value)}
          />
          {errors.form && <Alert severity="error">{errors.form}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" loading={save.isPending} onClick={submit}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The checklist of each vehicle type; a type without one needs no inspection. */
export function ChecklistsPanel() {
  const checklists = useChecklists();
  const remove = useDeleteChecklist();
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState<Checklist | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Checklist | null>(null);
  // Checklists are a setting: administrators only (decision 077).
  const manages = useMayUse('admin');

  return (
    <Stack spacing={1.5}>
      {manages && (
        <div>
          <Button variant="contained" onClick={() => setEditing('new')}>
            Add checklist
          </Button>
        </div>
      )}
      {checklists.isPending && <PageLoader />}
      {checklists.isError && (
        <RetryAlert error={checklists.error} onRetry={() => void checklists.refetch()} />
      )}
      {checklists.data?.length === 0 && (
        <Alert severity="info">No checklists: no vehicle needs a pre-trip inspection.</Alert>
      )}
      {checklists.data?.map((checklist) => (
        <Stack
          key={checklist.id}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, alignItems: { sm: 'center' } }}
        >
          <Stack sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
              {checklist.vehicleType}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {checklist.items.map((item) => item.label).join(' · ')}
            </Typography>
          </Stack>
          {manages && (
            <Stack direction="row" spacing={1}>
              <Button onClick={() => setEditing(checklist)}>Edit</Button>
              <Button color="error" onClick={() => setDeleting(checklist)}>
                Delete
              </Button>
            </Stack>
          )}
        </Stack>
      ))}
      {editing && (
        <ChecklistDialog checklist={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete checklist"
        text={`Vehicles of type ${deleting?.vehicleType ?? ''} will need no inspection any more.`}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            enqueueSnackbar('Checklist deleted.', { variant: 'success' });
          } catch (error) {
            enqueueSnackbar((error as Error).message, { variant: 'error' });
            throw error;
          }
        }}
      />
    </Stack>
  );
}
