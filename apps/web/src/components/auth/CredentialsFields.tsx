import type { LoginInput } from '@school-transport/shared';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { textFieldRegistration } from '../form/form-fields';
import { TextInputField } from '../form/TextInputField';

interface CredentialsFieldsProps {
  register: UseFormRegister<LoginInput>;
  errors: FieldErrors<LoginInput>;
}

/** E-mail and password of a sign-in form (the back-office's Log In and the driver app's), errors under each. */
export function CredentialsFields({ register, errors }: CredentialsFieldsProps) {
  return (
    <>
      <TextInputField
        {...textFieldRegistration(register('email'))}
        label="Email Address"
        type="email"
        autoComplete="email"
        required
        fullWidth
        error={Boolean(errors.email)}
        helperText={errors.email?.message}
      />
      <TextInputField
        {...textFieldRegistration(register('password'))}
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        fullWidth
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
      />
    </>
  );
}
