import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@school-transport/shared';
import { useEffect } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import type { z } from 'zod';
import { useUnsavedChanges } from './unsaved-changes';
import { useFormProblems } from './useFormProblems';

export { serverProblems } from './useFormProblems';

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
  /**
   * What no field shows but stops the save (e.g. an empty list beside the form), read on every render from the
   * caller's current state, so the message goes once its cause is fixed.
   */
  otherProblems?: () => string[];
  /**
   * Whether leaving the screen with unsaved changes asks first (the default, for every add and edit form); off
   * for forms that only choose what a screen shows, such as a report's date range.
   */
  guardLeaving?: boolean;
}

const NONE = (): string[] => [];

/**
 * A form validated by a shared schema (the same the API validates with), plus the problems shown above it: the
 * fill-in reminder while a required field is still blank after a submit, what else stops the save, or what the
 * server refused. Each goes as soon as its cause is fixed: the reminder and the other problems are worked out
 * again from the fields' current state at every render (the form validates again on every change once it was
 * submitted), and the server's refusal goes at the next change, since it was about the values then sent.
 */
export function useSchemaForm<TInput extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput, TInput>,
  defaultValues: DefaultValues<TInput>,
  { fillMessage = MESSAGES.fillAllFields, otherProblems = NONE, guardLeaving = true }: SchemaFormOptions = {},
) {
  const form = useForm<TInput, unknown, TOutput>({ resolver: zodResolver(schema), defaultValues });
  const { shown, attempt, dismissRefusal } = useFormProblems();
  const { isSubmitted, errors, isDirty } = form.formState;
  const unsaved = useUnsavedChanges(guardLeaving && isDirty);

  const { subscribe } = form;
  useEffect(
    () => subscribe({ formState: { values: true }, callback: dismissRefusal }),
    [subscribe, dismissRefusal],
  );

  const problems = shown(isSubmitted, [
    ...(hasEmptyRequiredField(errors, form.getValues()) ? [fillMessage] : []),
    ...otherProblems(),
  ]);

  /**
   * A submit handler that runs `save` with the parsed values; `save` rejects to report the server's refusal. Where
   * `save` leads (a record's details) does not ask about leaving, and once it succeeded the values it sent are the
   * form's new starting point, so a form that stays on screen no longer counts as changed.
   */
  const submitWith = (save: (values: TOutput) => Promise<unknown>) =>
    form.handleSubmit((values) =>
      attempt(otherProblems(), async () => {
        await unsaved.whileSaving(() => save(values));
        // A save may place the server's refusal under its fields and resolve (a name already taken): then nothing
        // was saved, the refusal stays shown and the changes stay unsaved.
        const names = Object.keys(form.getValues()) as FieldPath<TInput>[];
        if (!names.some((name) => form.getFieldState(name).invalid)) form.reset(form.getValues());
      }),
    );

  return {
    control: form.control,
    problems,
    submitWith,
    isSubmitting: form.formState.isSubmitting,
    /** A field differs from where it started (typing a value back to what it was makes the form clean again). */
    isDirty,
    /** Back to the default values, e.g. to enter the next record after a save. */
    reset: form.reset,
    setValue: form.setValue,
    getValues: form.getValues,
  };
}
