import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * Adapts a react-hook-form registration to MUI's TextField, whose `ref` lands on the wrapper: the form needs
 * the input itself (`inputRef`) to read it and to focus the first invalid field.
 */
export function textFieldRegistration({ ref, ...field }: UseFormRegisterReturn) {
  return { ...field, inputRef: ref };
}
