import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { inspectionInputSchema, type InspectionItemInput } from '@school-transport/shared';
import { PageLoader } from '../../components/shell/PageLoader';
import { RetryAlert } from '../../components/page/RetryAlert';
import { fetchVehicleDays, vehicleDaysQueryKey } from './driver-api';
import { driverPaths } from './driver-paths';
import { useDriverToken } from './driver-session';
import { useDriverSync } from './driver-sync';
import { photoAsBase64 } from './photo-data';

interface ItemState {
  ok: boolean | null;
  note: string;
  outOfService: boolean;
  photo: string | null;
}
const unchecked: ItemState = { ok: null, note: '', outOfService: false, photo: null };

function ChecklistItem({
  label,
  state,
  error,
  onChange,
}: {
  label: string;
  state: ItemState;
  error: string | undefined;
  onChange: (next: ItemState) => void;
}) {
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  return (
    <Card variant="outlined" component="section" aria-label={label}>
      <CardContent>
        <Stack spacing={1.5}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
          <ToggleButtonGroup
            exclusive
            fullWidth
            value={state.ok === null ? null : state.ok ? 'ok' : 'defect'}
            onChange={(_, value: 'ok' | 'defect' | null) => {
              if (value) onChange({ ...state, ok: value === 'ok' });
            }}
            aria-label={label}
          >
            <ToggleButton value="ok" color="success">
              OK
            </ToggleButton>
            <ToggleButton value="defect" color="error">
              Defect
            </ToggleButton>
          </ToggleButtonGroup>
          {error && state.ok === null && (
            <Typography color="error" variant="body2">
              {error}
            </Typography>
          )}
          {state.ok === false && (
            <>
              <TextField
                label={`What is wrong with ${label.toLowerCase()}`}
                value={state.note}
                required
                multiline
                error={Boolean(error)}
                helperText={error}
                onChange={(event) => onChange({ ...state, note: event.target.value })}
              />
              <FormControlLabel
                control={
                  <Checkbox
                    checked={state.outOfService}
                    onChange={(event) => onChange({ ...state, outOfService: event.target.checked })}
                  />
                }
                label="Out of service: the bus must not run"
              />
              <Button component="label" variant="outlined" startIcon={<PhotoCameraIcon />}>
                {state.photo ? 'Photo added (replace)' : 'Add a photo'}
                <input
                  hidden
                  type="file"
                  accept="image/*"
                  capture="environment"
                  aria-label={`Photo of ${label}`}
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    if (!file) return;
                    setPhotoProblem(null);
                    photoAsBase64(file)
                      .then((photo) => onChange({ ...state, photo }))
                      .catch(() => setPhotoProblem('This file is not a photo the phone can read.'));
                  }}
                />
              </Button>
              {photoProblem && <Alert severity="warning">{photoProblem}</Alert>}
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * /driver/vehicles/:id/inspection: the vehicle's checklist, each item OK or a defect (a note, an optional photo,
 * out of service). Submitted into the outbox like scans: it is kept on the phone and sent when there is a signal;
 * its id is made here, so a send repeated after a lost answer is stored once.
 */
export function DriverInspectionPage() {
  const { id = '' } = useParams();
  const token = useDriverToken();
  const navigate = useNavigate();
  const { recordCheck } = useDriverSync();
  const days = useQuery({ queryKey: vehicleDaysQueryKey, queryFn: () => fetchVehicleDays(token) });
  const [inspectionId] = useState(() => crypto.randomUUID());
  const [items, setItems] = useState<Record<string, ItemState>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  if (days.isPending) return <PageLoader />;
  if (days.isError) return <RetryAlert error={days.error} onRetry={() => void days.refetch()} />;
  const vehicle = days.data.data.find((row) => row.vehicleId === id);
  if (!vehicle?.checklist) {
    return (
      <Stack spacing={2}>
        <Alert severity="info">This vehicle needs no inspection today.</Alert>
        <Button component={RouterLink} to={driverPaths.today}>
          Back to today
        </Button>
      </Stack>
    );
  }
  const checklist = vehicle.checklist;

  const submit = async () => {
    const input = {
      inspectionId,
      vehicleId: vehicle.vehicleId,
      completedAt: new Date().toISOString(),
      items: checklist.map((item): InspectionItemInput => {
        const state = items[item.id] ?? unchecked;
        return {
          itemId: item.id,
          ok: state.ok ?? true,
          note: state.ok === false ? state.note : null,
          outOfService: state.ok === false && state.outOfService,
          photo: state.ok === false ? state.photo : null,
        };
      }),
    };
    const found: Record<string, string> = {};
    for (const item of checklist) {
      if ((items[item.id] ?? unchecked).ok === null) found[item.id] = 'Choose OK or Defect';
    }
    const parsed = inspectionInputSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [, index] = issue.path;
        const item = typeof index === 'number' ? checklist[index] : undefined;
        if (item && !found[item.id]) found[item.id] = issue.message;
      }
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      await recordCheck({ kind: 'inspection', input });
      navigate(driverPaths.today, { state: { inspected: vehicle.licensePlate } });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        Inspection of {vehicle.licensePlate}
      </Typography>
      {vehicle.inspectedToday && (
        <Alert severity="info">This vehicle was already inspected today; a new inspection is added.</Alert>
      )}
      {checklist.map((item) => (
        <ChecklistItem
          key={item.id}
          label={item.label}
          state={items[item.id] ?? unchecked}
          error={errors[item.id]}
          onChange={(next) => setItems((current) => ({ ...current, [item.id]: next }))}
        />
      ))}
      {Object.keys(errors).length > 0 && <Alert severity="error">Some items need your answer.</Alert>}
      <Button variant="contained" size="large" loading={saving} onClick={() => void submit()}>
        Submit inspection
      </Button>
    </Stack>
  );
}
