import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId, type ReactNode } from 'react';

type TextInputFieldProps = Pick<
  OutlinedInputProps,
  'name' | 'type' | 'autoComplete' | 'inputRef' | 'onChange' | 'onBlur' | 'disabled' | 'fullWidth'
> & {
  label: string;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
};

/**
 * An outlined text field built from the parts MUI's TextField composes, rendering the same markup (label tied to
 * the input, the asterisk of a required field, helper text as the input's description; compared in jsdom).
 * TextField also carries its `select` mode, whose Select, Menu, Popover and Modal cost the first screen about
 * 18 kB gzip although Log In shows no list, so Log In uses this instead
 * (docs/decisions/015-first-screen-bundle-budget.md). Theme entries for `MuiTextField` would not reach it; the
 * theme has none.
 */
export function TextInputField({
  label,
  required = false,
  error = false,
  disabled = false,
  fullWidth = false,
  helperText,
  ...input
}: TextInputFieldProps) {
  const id = useId();
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      className="MuiTextField-root"
      variant="outlined"
      required={required}
      error={error}
      disabled={disabled}
      fullWidth={fullWidth}
    >
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput {...input} id={id} label={label} fullWidth={fullWidth} aria-describedby={helperTextId} />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
