import { currentPasswordSchema } from '@school-transport/shared';
import { FormTextField } from '../../components/form/FormTextField';
import { PageForm } from '../../components/form/PageForm';
import { useSchemaForm } from '../../components/form/useSchemaForm';

/** A form of one password field whose button does `act` with the password (the profile's sensitive changes). */
export function PasswordAction<T>({
  label,
  act,
  done,
}: {
  label: string;
  act: { mutateAsync: (password: string) => Promise<{ data?: T }> };
  done?: (data: T | undefined) => void;
}) {
  const { control, problems, submitWith, isSubmitting, reset } = useSchemaForm(
    currentPasswordSchema,
    { password: '' },
    { guardLeaving: false },
  );
  const submit = submitWith(async ({ password }) => {
    const answer = await act.mutateAsync(password);
    reset({ password: '' });
    done?.(answer.data);
  });
  return (
    <PageForm submitLabel={label} problems={problems} submitting={isSubmitting} onSubmit={submit}>
      <FormTextField
        control={control}
        name="password"
        label={`Current Password (${label})`}
        type="password"
        autoComplete="current-password"
        required
      />
    </PageForm>
  );
}
