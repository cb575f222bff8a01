import { changePasswordSchema } from '@school-transport/shared';
import type { z } from 'zod';
import { FormTextField } from '../form/FormTextField';
import { NewPasswordFields } from './NewPasswordFields';
import { PageForm } from '../form/PageForm';
import { useSchemaForm } from '../form/useSchemaForm';

const EMPTY_PASSWORDS = { currentPassword: '', password: '', confirmPassword: '' };

export type ChangePasswordValues = z.output<typeof changePasswordSchema>;

/**
 * The current password, proving it is the owner at the keyboard, and the new one twice. `change` sends it (each app
 * as its own signed-in user); a refusal shows above the fields.
 */
export function ChangePasswordForm({
  change,
  schema = changePasswordSchema,
  hint,
}: {
  change: (input: ChangePasswordValues) => Promise<unknown>;
  /** The rule of the app's role: administrators' passwords are longer (adminChangePasswordSchema). */
  schema?: typeof changePasswordSchema;
  /** The length rule shown under New Password, to match `schema`. */
  hint?: string;
}) {
  const { control, problems, submitWith, isSubmitting, reset } = useSchemaForm(schema, EMPTY_PASSWORDS);

  const submit = submitWith(async (input) => {
    await change(input);
    // Passwords must not linger in the form once they have done their job.
    reset(EMPTY_PASSWORDS);
  });

  return (
    <PageForm submitLabel="Change Password" problems={problems} submitting={isSubmitting} onSubmit={submit}>
      <FormTextField
        control={control}
        name="currentPassword"
        label="Current Password"
        type="password"
        autoComplete="current-password"
        required
      />
      <NewPasswordFields control={control} hint={hint} />
    </PageForm>
  );
}
