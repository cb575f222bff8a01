import { zodResolver } from '@hookform/resolvers/zod';
import { notificationPreferencesSchema, type NotificationPreferences } from '@school-transport/shared';
import { useState } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { ApiError } from '../../lib/api/api-client';
import { useT } from '../i18n';
import { Alert, Button, Heading, PageLoader, RetryAlert, Stack, Switch, TextField, useToast } from '../kit';
import { Panel } from './Panel';
import { useNotificationPreferences, useSavePreferences } from './parent-api';
import { PushSwitch } from './PushSwitch';
import { useUnsavedChanges } from './unsaved-changes';

type Flag =
  | 'boarded'
  | 'left'
  | 'approaching'
  | 'cancelled'
  | 'late'
  | 'stopChanges'
  | 'planChanges'
  | 'handOver'
  | 'officeReplies'
  | 'emailFallback';
type Minutes = 'approachingMinutes' | 'lateMinutes';
type PreferencesControl = Control<NotificationPreferences, unknown, NotificationPreferences>;

/** The minutes the schema allows (1 to 60), said in the message of a number outside them. */
const MINUTES = { min: 1, max: 60 };

function FlagSwitch({ control, name }: { control: PreferencesControl; name: Flag }) {
  const { t } = useT();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { value, onChange } }) => (
        <Switch label={t(`prefs.${name}`)} checked={value} onChange={onChange} />
      )}
    />
  );
}

/** Minutes typed as text; the schema checks the number (1 to 60) the same way the server does. */
function MinutesField({ control, name }: { control: PreferencesControl; name: Minutes }) {
  const { t } = useT();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { value, onChange, onBlur, ref }, fieldState: { error } }) => (
        <TextField
          ref={ref}
          label={t(`prefs.${name}`)}
          type="number"
          inputMode="numeric"
          min={MINUTES.min}
          max={MINUTES.max}
          className="sr-input parent-minutes"
          value={Number.isNaN(value) ? '' : value}
          onChange={(event) => onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))}
          onBlur={onBlur}
          // The schema's own message is English: the field says the rule in the parent's language.
          error={error ? t('prefs.minutesRange', MINUTES) : undefined}
        />
      )}
    />
  );
}

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const { t } = useT();
  const save = useSavePreferences();
  const show = useToast();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<NotificationPreferences, unknown, NotificationPreferences>({
    resolver: zodResolver(notificationPreferencesSchema),
    defaultValues: saved,
  });
  const { control, formState } = form;
  useUnsavedChanges(formState.isDirty && !formState.isSubmitting);

  const submit = form.handleSubmit(async (input) => {
    setRefusal(null);
    try {
      const answer = await save.mutateAsync(input);
      form.reset(answer.data ?? input);
      show(t('prefs.saved'), 'success');
    } catch (error) {
      setRefusal(
        error instanceof ApiError && error.status !== 0 ? error.message : t('kit.cannotReachServer'),
      );
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap={2} className="parent-switches">
        {refusal && <Alert tone="error">{refusal}</Alert>}
        <FlagSwitch control={control} name="boarded" />
        <FlagSwitch control={control} name="left" />
        <FlagSwitch control={control} name="approaching" />
        <MinutesField control={control} name="approachingMinutes" />
        <FlagSwitch control={control} name="cancelled" />
        <FlagSwitch control={control} name="late" />
        <MinutesField control={control} name="lateMinutes" />
        <FlagSwitch control={control} name="stopChanges" />
        <FlagSwitch control={control} name="planChanges" />
        <FlagSwitch control={control} name="handOver" />
        <FlagSwitch control={control} name="officeReplies" />
        <FlagSwitch control={control} name="emailFallback" />
        <div>
          <Button type="submit" busy={formState.isSubmitting}>
            {t('prefs.save')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

/** /parent/notifications: what to be told, and this phone's push subscription. */
export function ParentNotificationsPage() {
  const { t } = useT();
  const preferences = useNotificationPreferences();
  return (
    <Stack gap={2}>
      <Heading level={1}>{t('notifications.title')}</Heading>
      <Panel title={t('notifications.thisPhone')}>
        <PushSwitch />
      </Panel>
      <Panel title={t('notifications.choices')}>
        {preferences.isPending ? (
          <PageLoader />
        ) : preferences.isError ? (
          <RetryAlert error={preferences.error} onRetry={() => void preferences.refetch()} />
        ) : (
          <PreferencesForm saved={preferences.data} />
        )}
      </Panel>
    </Stack>
  );
}
