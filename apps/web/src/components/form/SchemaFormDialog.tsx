import type { ReactNode } from 'react';
import type { Control, DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { FieldGrid, type FieldSpec } from './FieldGrid';
import { FormDialog } from './FormDialog';
import { useSchemaForm } from './useSchemaForm';

interface SchemaFormDialogProps<TInput extends FieldValues, TOutput> {
  title: string;
  submitLabel: string;
  /** The shared schema the API validates with; it also says which fields are required. */
  schema: z.ZodObject & z.ZodType<TOutput, TInput>;
  values: DefaultValues<TInput>;
  /** The fields in a grid, or (for anything else) a function drawing them. */
  fields: readonly FieldSpec<TInput>[] | ((control: Control<TInput, unknown, TOutput>) => ReactNode);
  /** Saves the parsed values: the dialog closes once it resolves, and shows the server's refusal if it rejects. */
  onSave: (values: TOutput) => Promise<unknown>;
  onClose: () => void;
  cancelLabel?: string;
  submitColor?: 'primary' | 'error';
}

/** The add/edit modal of one form validated by a shared schema: fields, problems above them, Cancel and submit. */
export function SchemaFormDialog<TInput extends FieldValues, TOutput>({
  title,
  submitLabel,
  schema,
  values,
  fields,
  onSave,
  onClose,
  cancelLabel,
  submitColor,
}: SchemaFormDialogProps<TInput, TOutput>) {
  const { control, problems, submitWith, isSubmitting } = useSchemaForm(schema, values);

  return (
    <FormDialog
      title={title}
      submitLabel={submitLabel}
      problems={problems}
      submitting={isSubmitting}
      onSubmit={submitWith(async (payload) => {
        await onSave(payload);
        onClose();
      })}
      onClose={onClose}
      cancelLabel={cancelLabel}
      submitColor={submitColor}
    >
      {typeof fields === 'function' ? (
        fields(control)
      ) : (
        <FieldGrid control={control} schema={schema} fields={fields} />
      )}
    </FormDialog>
  );
}
