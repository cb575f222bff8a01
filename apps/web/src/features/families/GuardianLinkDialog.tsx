import {
  GUARDIAN_RELATION_LABELS,
  GUARDIAN_RELATIONS,
  guardianLinkSchema,
  type GuardianLinkInput,
  type Parent,
} from '@school-transport/shared';
import { FormDialog } from '../../components/form/FormDialog';
import { FormSearchSelect } from '../../components/form/FormSearchSelect';
import { FormSelectField } from '../../components/form/FormSelectField';
import { showServerFieldErrors } from '../../components/form/server-field-errors';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { ApiError } from '../../lib/api/api-client';
import { RESOURCES } from '../../lib/api/resource-queries';
import { useLinkGuardian, type GuardianLinkPayload } from './guardians-api';

const FIELD_NAMES = ['parentId', 'relation'] as const;

export const RELATION_OPTIONS = GUARDIAN_RELATIONS.map((relation) => ({
  value: relation,
  label: GUARDIAN_RELATION_LABELS[relation],
}));

interface GuardianLinkDialogProps {
  studentId: string;
  name: string;
  onClose: () => void;
}

/**
 * Link a parent the office already has as another guardian of the child, searched on the server like the other
 * pickers. The server's refusals go under the field they are about: its 409 (already a guardian) and 404 (the
 * parent is gone) name no field, but both are about the parent chosen, so they show under the picker.
 */
export function GuardianLinkDialog({ studentId, name, onClose }: GuardianLinkDialogProps) {
  const link = useLinkGuardian(studentId);
  const { control, problems, submitWith, isSubmitting } = useSchemaForm(guardianLinkSchema, {
    parentId: '',
    relation: 'PARENT',
  } satisfies GuardianLinkInput);

  return (
    <FormDialog
      title={`Link a guardian of ${name}`}
      submitLabel="Link guardian"
      problems={problems}
      submitting={isSubmitting}
      onSubmit={submitWith(async (input: GuardianLinkPayload) => {
        try {
          await link.mutateAsync(input);
        } catch (error) {
          if (showServerFieldErrors(error, FIELD_NAMES, control.setError)) return;
          if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
            control.setError('parentId', { type: 'server', message: error.message }, { shouldFocus: true });
            return;
          }
          throw error;
        }
        onClose();
      })}
      onClose={onClose}
    >
      <FormSearchSelect<GuardianLinkInput, GuardianLinkPayload, Parent>
        control={control}
        name="parentId"
        label="Parent"
        required
        resource={RESOURCES.parents}
        optionLabel={(parent) => `${parent.user.name} (${parent.user.email})`}
        helperText="Type a name, e-mail or phone number to search."
      />
      <FormSelectField
        control={control}
        name="relation"
        label="Relation"
        required
        options={RELATION_OPTIONS}
      />
    </FormDialog>
  );
}
