import { changePasswordSchema } from '@school-transport/shared';
import { FormTextField } from '../../components/form/FormTextField';
import { NewPasswordFields } from '../../components/form/NewPasswordFields';
import { PageForm } from '../../components/form/PageForm';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { useChangePassword } from './api';
import { ProfileSection } from './ProfileSection';

const EMPTY_PASSWORDS = { currentPassword: '', password: '', confirmPassword: '' };

/** The current password proves it is the owner at the keyboard; the server then ends every other session. */
export function PasswordSection() {
  const changePassword = useChangePassword();
  const { control, problems, submitWith, isSubmitting, reset } = useSchemaForm(
    changePasswordSchema,
    EMPTY_PASSWORDS,
  );

  const submit = submitWith(async (input) => {
    await changePassword.mutateAsync(input);
    // Passwords must not linger in the form once they have done their job.
    reset(EMPTY_PASSWORDS);
  });

  return (
    <ProfileSection title="Password">
      <PageForm submitLabel="Change Password" problems={problems} submitting={isSubmitting} onSubmit={submit}>
        <FormTextField
          control={control}
          name="currentPassword"
          label="Current Password"
          type="password"
          autoComplete="current-password"
          required
        />
        <NewPasswordFields control={control} />
      </PageForm>
    </ProfileSection>
  );
}
