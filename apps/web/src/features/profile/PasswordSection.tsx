import { adminChangePasswordSchema } from '@school-transport/shared';
import { ChangePasswordForm } from '../../components/auth/ChangePasswordForm';
import { ADMIN_PASSWORD_HINT } from '../../components/auth/NewPasswordFields';
import { useChangePassword } from './profile-api';
import { TitledPanel } from '../../components/page/TitledPanel';

/**
 * The current password proves it is the owner at the keyboard; the server then ends every other session. The
 * back-office is administrators': their new password has at least 12 characters (the server's rule too).
 */
export function PasswordSection() {
  const changePassword = useChangePassword();
  return (
    <TitledPanel title="Password">
      <ChangePasswordForm
        schema={adminChangePasswordSchema}
        hint={ADMIN_PASSWORD_HINT}
        change={(input) => changePassword.mutateAsync(input)}
      />
    </TitledPanel>
  );
}
