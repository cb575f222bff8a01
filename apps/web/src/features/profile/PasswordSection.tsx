import { ChangePasswordForm } from '../../components/form/ChangePasswordForm';
import { useChangePassword } from './api';
import { TitledPanel } from '../../components/TitledPanel';

/** The current password proves it is the owner at the keyboard; the server then ends every other session. */
export function PasswordSection() {
  const changePassword = useChangePassword();
  return (
    <TitledPanel title="Password">
      <ChangePasswordForm change={(input) => changePassword.mutateAsync(input)} />
    </TitledPanel>
  );
}
