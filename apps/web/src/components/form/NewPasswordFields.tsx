import { PASSWORD_MIN } from '@school-transport/shared';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField } from './FormTextField';

/** The values of a form that sets a password: the new one, typed twice. */
interface NewPasswordValues extends FieldValues {
  password: string;
  confirmPassword: string;
}

const NEW_PASSWORD_FIELDS = [
  { name: 'password', label: 'New Password', helperText: `At least ${PASSWORD_MIN} characters` },
  { name: 'confirmPassword', label: 'Confirm Password', helperText: undefined },
] as const;

interface NewPasswordFieldsProps<TValues extends NewPasswordValues, TOutput> {
  control: Control<TValues, unknown, TOutput>;
}

/**
 * New Password and Confirm Password, as the reset screen and the profile ask for them. The browser is told these
 * are new passwords, so a password manager offers to generate and save one instead of filling in the old one.
 */
export function NewPasswordFields<TValues extends NewPasswordValues, TOutput>({
  control,
}: NewPasswordFieldsProps<TValues, TOutput>) {
  return NEW_PASSWORD_FIELDS.map(({ name, label, helperText }) => (
    <FormTextField
      key={name}
      control={control}
      name={name as FieldPath<TValues>}
      label={label}
      helperText={helperText}
      type="password"
      autoComplete="new-password"
      required
    />
  ));
}
