import { ADMIN_PASSWORD_MIN, PASSWORD_MIN } from '@school-transport/shared';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField } from '../form/FormTextField';

/** The values of a form that sets a password: the new one, typed twice. */
interface NewPasswordValues extends FieldValues {
  password: string;
  confirmPassword: string;
}

/** The length rule, where the role is not known (a reset or invitation link may be anyone's). */
export const ANY_ROLE_PASSWORD_HINT = `At least ${PASSWORD_MIN} characters (${ADMIN_PASSWORD_MIN} for administrators)`;
export const ADMIN_PASSWORD_HINT = `At least ${ADMIN_PASSWORD_MIN} characters`;
export const PASSWORD_HINT = `At least ${PASSWORD_MIN} characters`;

const NEW_PASSWORD_FIELDS = [
  { name: 'password', label: 'New Password', hinted: true },
  { name: 'confirmPassword', label: 'Confirm Password', hinted: false },
] as const;

interface NewPasswordFieldsProps<TValues extends NewPasswordValues, TOutput> {
  control: Control<TValues, unknown, TOutput>;
  /** The length rule shown under New Password. */
  hint?: string;
}

/**
 * New Password and Confirm Password, as the reset screen and the profile ask for them. The browser is told these
 * are new passwords, so a password manager offers to generate and save one instead of filling in the old one.
 */
export function NewPasswordFields<TValues extends NewPasswordValues, TOutput>({
  control,
  hint = PASSWORD_HINT,
}: NewPasswordFieldsProps<TValues, TOutput>) {
  return NEW_PASSWORD_FIELDS.map(({ name, label, hinted }) => (
    <FormTextField
      key={name}
      control={control}
      name={name as FieldPath<TValues>}
      label={label}
      helperText={hinted ? hint : undefined}
      type="password"
      autoComplete="new-password"
      required
    />
  ));
}
