import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { notificationPreferencesSchema, type NotificationPreferences } from '@school-transport/shared';
import { useSnackbar } from 'notistack';
import { Controller, type Control } from 'react-hook-form';
import { PageForm } from '../../components/form/PageForm';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { PageLoader } from '../../components/shell/PageLoader';
import { TitledPanel } from '../../components/page/TitledPanel';
import { RetryAlert } from '../../components/page/RetryAlert';
import { useNotificationPreferences, useSavePreferences } from './parent-api';
import { PushSwitch } from './PushSwitch';

type Flag = 'boarded' | 'left' | 'approaching' | 'cancelled' | 'late' | 'emailFallback';
type Minutes = 'approachingMinutes' | 'lateMinutes';
type PreferencesControl = Control<NotificationPreferences, unknown, NotificationPreferences>;

function FlagSwitch({ control, name, label }: { control: PreferencesControl; name: Flag; label: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { value, onChange } }) => (
        <FormControlLabel
          control={<Switch checked={value} onChange={(event) => onChange(event.target.checked)} />}
          label={label}
        />
      )}
    />
  );
}

/** Minutes typed as text; the schema checks the number (1 to 60) the same way the server does. */
function MinutesField({
  control,
  name,
  label,
}: {
  control: PreferencesControl;
  name: Minutes;
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { value, onChange, onBlur, ref }, fieldState: { error } }) => (
        <TextField
          label={label}
          type="number"
          value={Number.isNaN(value) ? '' : value}
          onChange={(event) => onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))}
          onBlur={onBlur}
          inputRef={ref}
          error={error !== undefined}
          helperText={error?.message}
          slotProps={{ htmlInput: { min: 1, max: 60, inputMode: 'numeric' } }}
          sx={{ maxWidth: 240 }}
        />
      )}
    />
  );
}

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const save = useSavePreferences();
  const { enqueueSnackbar } = useSnackbar();
  const { control, problems, submitWith, isSubmitting } = useSchemaForm(notificationPreferencesSchema, saved);
  const submit = submitWith(async (input) => {
    const answer = await save.mutateAsync(input);
    enqueueSnackbar(answer.message ?? 'Your notification choices are saved.', { variant: 'success' });
  });
  return (
    <PageForm submitLabel="Save choices" problems={problems} submitting={isSubmitting} onSubmit={submit}>
      <Stack>
        <FlagSwitch control={control} name="boarded" label="My child boarded the bus" />
        <FlagSwitch control={control} name="left" label="My child left the bus" />
        <FlagSwitch control={control} name="approaching" label="The bus is approaching our stop" />
      </Stack>
      <MinutesField control={control} name="approachingMinutes" label="Minutes before our stop" />
      <Stack>
        <FlagSwitch control={control} name="cancelled" label="A trip is cancelled" />
        <FlagSwitch control={control} name="late" label="A trip runs late" />
      </Stack>
      <MinutesField control={control} name="lateMinutes" label="Minutes late before I am told" />
      <FlagSwitch
        control={control}
        name="emailFallback"
        label="E-mail me when no phone of mine could be notified"
      />
    </PageForm>
  );
}

/** /parent/notifications: what to be told, and this phone's push subscription. */
export function ParentNotificationsPage() {
  const preferences = useNotificationPreferences();
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        Notifications
      </Typography>
      <TitledPanel title="This phone">
        <PushSwitch />
      </TitledPanel>
      <TitledPanel title="What to tell me">
        {preferences.isPending ? (
          <PageLoader />
        ) : preferences.isError ? (
          <RetryAlert error={preferences.error} onRetry={() => void preferences.refetch()} />
        ) : (
          <PreferencesForm saved={preferences.data} />
        )}
      </TitledPanel>
    </Stack>
  );
}
