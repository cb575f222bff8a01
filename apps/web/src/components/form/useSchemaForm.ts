import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@school-transport/shared';
import { useState } from 'react';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';

/** The server's per-field refusals (a duplicate email, …), or else its message. */
export function serverProblems(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [MESSAGES.somethingWentWrongSpaced];
  return error.errors.length > 0 ? error.errors.map((item) => item.message) : [error.message];
}

const isBlank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/**
 * Optional fields accept blank values, so a field that is both invalid and blank is a required one left empty:
 * that is when the form's fill-in reminder shows.
 */
function hasEmptyRequiredField(errors: FieldErrors, values: FieldValues): boolean {
  return Object.keys(errors).some((name) => isBlank(values[name]));
}

interface SchemaFormOptions {
  /** The reminder shown when a required field is left blank; some forms word it their own way. */
  fillMessage?: string;
}

/**
 * A form validated by a shared schema (the same the API validates with), plus the problems shown above it: the
 * fill-in reminder after a submit with required fields empty, or what the server refused.
 */
export function useSchemaForm<TInput extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput, TInput>,
  defaultValues: DefaultValues<TInput>,
  { fillMessage = MESSAGES.fillAllFields }: SchemaFormOptions = {},
) {
  const form = useForm<TInput, unknown, TOutput>({ resolver: zodResolver(schema), defaultValues });
  const [problems, setProblems] = useState<string[]>([]);

  /**
   * A submit handler that runs `save` with the parsed values; `save` rejects to report the server's refusal.
   * `otherProblems` names what no field shows (e.g. an empty list beside the form); any of them stops the save.
   */
  const submitWith = (
    save: (values: TOutput) => Promise<unknown>,
    otherProblems: () => string[] = () => [],
  ) =>
    form.handleSubmit(
      async (values) => {
        const blocking = otherProblems();
        setProblems(blocking);
        if (blocking.length > 0) return;
        try {
          await save(values);
        } catch (error) {
          setProblems(serverProblems(error));
        }
      },
      (errors) =>
        setProblems([
          ...(hasEmptyRequiredField(errors, form.getValues()) ? [fillMessage] : []),
          ...otherProblems(),
        ]),
    );

  return {
    control: form.control,
    problems,
    submitWith,
    isSubmitting: form.formState.isSubmitting,
    /** Back to the default values, e.g. to enter the next record after a save. */
    reset: form.reset,
    setValue: form.setValue,
    getValues: form.getValues,
  };
}
