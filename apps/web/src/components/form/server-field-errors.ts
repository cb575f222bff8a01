import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api/api-client';

/**
 * Puts the server's per-field refusals (a duplicate name's 409) under the fields they name, the first one
 * focused. Answers whether every refusal found its field: if not, the caller reports the failure another way.
 */
export function showServerFieldErrors<TValues extends FieldValues>(
  error: unknown,
  fieldNames: readonly FieldPath<TValues>[],
  setError: UseFormSetError<TValues>,
): boolean {
  if (!(error instanceof ApiError) || error.errors.length === 0) return false;
  const isFormField = (field: string | undefined): field is FieldPath<TValues> =>
    fieldNames.some((name) => name === field);
  let placed = 0;
  for (const { field, message } of error.errors) {
    if (!isFormField(field)) continue;
    setError(field, { type: 'server', message }, { shouldFocus: placed === 0 });
    placed += 1;
  }
  return placed === error.errors.length;
}
