import { zodResolver } from '@hookform/resolvers/zod';
import {
  parentAbsenceInputSchema,
  type ParentAbsenceInput,
  type ParentChild,
  type ParentPortalSettings,
} from '@school-transport/shared';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../lib/api/api-client';
import { localToday } from '../../lib/time/format';
import { useT, type Translation } from '../i18n';
import { Alert, Button, Dialog, SelectField, Stack, Text, TextField } from '../kit';
import { useMarkAbsent } from './parent-api';
import { cutoffClock } from './run-state';

type AbsenceValues = z.output<typeof parentAbsenceInputSchema>;
const RUNS = ['BOTH', 'PICKUP', 'DROP'] as const;

/**
 * When each run can still be changed on its day: 'You can change this until 07:12 (morning) and 15:00
 * (afternoon) on the day.' Null when no run has a planned time (nothing to count back from).
 */
export function cutoffText(
  child: ParentChild,
  settings: ParentPortalSettings | undefined,
  { t, language }: Pick<Translation, 't' | 'language'>,
): string | null {
  if (!settings) return null;
  const times = child.runs.flatMap((run) =>
    run.plannedTime
      ? [
          t(`absence.cutoff.${run.run}`, {
            time: cutoffClock(run.plannedTime, settings.absenceCutoffMinutes),
          }),
        ]
      : [],
  );
  if (times.length === 0) return null;
  const list = new Intl.ListFormat(language, { type: 'conjunction' }).format(times);
  return t('absence.cutoff', { times: list });
}

function AbsenceForm({
  child,
  settings,
  formId,
  onSaved,
  onSaving,
}: {
  child: ParentChild;
  settings: ParentPortalSettings | undefined;
  formId: string;
  onSaved: (message: string) => void;
  onSaving: (saving: boolean) => void;
}) {
  const words = useT();
  const { t } = words;
  const markAbsent = useMarkAbsent();
  const today = localToday();
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ParentAbsenceInput, unknown, AbsenceValues>({
    resolver: zodResolver(parentAbsenceInputSchema),
    defaultValues: { date: today, run: 'BOTH' },
  });
  const cutoff = cutoffText(child, settings, words);

  const submit = handleSubmit(async (input) => {
    setRefusal(null);
    onSaving(true);
    try {
      await markAbsent.mutateAsync({ childId: child.id, input });
      onSaved(t('absence.saved', { name: child.name }));
    } catch (error) {
      // After the cut-off the server's refusal gives the office's phone: it is the one thing to read.
      setRefusal(
        error instanceof ApiError && error.status !== 0 ? error.message : t('kit.cannotReachServer'),
      );
    } finally {
      onSaving(false);
    }
  });

  return (
    <form id={formId} noValidate onSubmit={submit}>
      <Stack gap={2}>
        {refusal && <Alert tone="error">{refusal}</Alert>}
        <TextField
          label={t('absence.date')}
          type="date"
          min={today}
          required
          error={errors.date ? t('absence.dateInvalid') : undefined}
          {...register('date', { validate: (date) => date >= today || t('absence.dateInvalid') })}
        />
        <SelectField
          label={t('absence.run')}
          required
          options={RUNS.map((run) => ({ value: run, label: t(`absence.run.${run}`) }))}
          {...register('run')}
        />
        {cutoff && <Text size="small">{cutoff}</Text>}
      </Stack>
    </form>
  );
}

/**
 * "Not riding": a date (today or later) and a run. Before the cut-off the server saves it; after it, the server's
 * refusal (which gives the office's phone) shows above the fields.
 */
export function AbsenceDialog({
  open,
  child,
  settings,
  onClose,
  onSaved,
}: {
  open: boolean;
  child: ParentChild;
  settings: ParentPortalSettings | undefined;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { t } = useT();
  const formId = useId();
  const [saving, setSaving] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!saving) onClose();
      }}
      title={t('absence.title', { name: child.name })}
      actions={
        <>
          <Button variant="text" tone="neutral" disabled={saving} onClick={onClose}>
            {t('kit.cancel')}
          </Button>
          <Button type="submit" form={formId} busy={saving}>
            {t('absence.save')}
          </Button>
        </>
      }
    >
      <AbsenceForm
        child={child}
        settings={settings}
        formId={formId}
        onSaving={setSaving}
        onSaved={(message) => {
          onSaved(message);
          onClose();
        }}
      />
    </Dialog>
  );
}
