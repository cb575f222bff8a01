import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema, PASSWORD_MIN } from '@school-transport/shared';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../lib/api/api-client';
import { useT } from '../i18n';
import { Alert, Button, Stack, TextField } from '../kit';
import { useUnsavedChanges } from './unsaved-changes';

type Passwords = z.input<typeof changePasswordSchema>;
const EMPTY: Passwords = { currentPassword: '', password: '', confirmPassword: '' };

/**
 * The current password (proving the owner is at the phone) and the new one twice, checked with the schema the
 * server checks with; a refusal shows next to its field, or above the form when it names none.
 */
export function ChangePasswordForm({ change }: { change: (input: Passwords) => Promise<unknown> }) {
  const { t } = useT();
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<Passwords>({ resolver: zodResolver(changePasswordSchema), defaultValues: EMPTY });
  useUnsavedChanges(isDirty && !isSubmitting);

  const submit = handleSubmit(async (input) => {
    setRefusal(null);
    try {
      await change(input);
      // Passwords must not linger in the form once they have done their job.
      reset(EMPTY);
    } catch (error) {
      if (error instanceof ApiError && error.errors.length > 0) {
        for (const item of error.errors)
          setError((item.field ?? 'currentPassword') as FieldPath<Passwords>, { message: item.message });
      } else
        setRefusal(
          error instanceof ApiError && error.status !== 0 ? error.message : t('kit.cannotReachServer'),
        );
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap={2}>
        {refusal && <Alert tone="error">{refusal}</Alert>}
        <TextField
          label={t('password.current')}
          type="password"
          autoComplete="current-password"
          required
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <TextField
          label={t('password.new')}
          hint={t('password.rule', { count: PASSWORD_MIN })}
          type="password"
          autoComplete="new-password"
          required
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label={t('password.confirm')}
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" busy={isSubmitting}>
          {t('password.submit')}
        </Button>
      </Stack>
    </form>
  );
}
