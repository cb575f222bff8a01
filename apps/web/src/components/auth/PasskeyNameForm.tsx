import { passkeyLabelSchema } from '@school-transport/shared';
import { FormTextField } from '../form/FormTextField';
import { PageForm } from '../form/PageForm';
import { useSchemaForm } from '../form/useSchemaForm';

/**
 * A name for a new passkey and the button that adds it (`add` runs the browser's prompt and the server's call), on
 * the profile and at sign-in when the operator requires a factor.
 */
export function PasskeyNameForm({
  add,
  fullWidthButton,
}: {
  add: (label: string) => Promise<void>;
  fullWidthButton?: boolean;
}) {
  const { control, problems, submitWith, isSubmitting, reset } = useSchemaForm(
    passkeyLabelSchema,
    { label: '' },
    { guardLeaving: false },
  );
  const submit = submitWith(async ({ label }) => {
    await add(label);
    reset({ label: '' });
  });
  return (
    <PageForm
      submitLabel="Add Passkey"
      problems={problems}
      submitting={isSubmitting}
      onSubmit={submit}
      fullWidthButton={fullWidthButton}
    >
      <FormTextField
        control={control}
        name="label"
        label="Passkey Name"
        placeholder="Office laptop"
        autoComplete="off"
        required
      />
    </PageForm>
  );
}
