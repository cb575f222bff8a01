import Typography from '@mui/material/Typography';
import {
  guardianRequestApproveSchema,
  guardianRequestDeclineSchema,
  type GuardianRequest,
  type GuardianRequestApprove,
  type GuardianRequestDecline,
} from '@school-transport/shared';
import { FormDialog } from '../../components/form/FormDialog';
import { FormTextField } from '../../components/form/FormTextField';
import { showServerFieldErrors } from '../../components/form/server-field-errors';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { ParentFormFields } from './ParentFormFields';
import { useApproveGuardianRequest, useDeclineGuardianRequest } from './guardians-api';

/** The record's fields, where the server's field refusals may land. */
const PARENT_FIELD_NAMES = Object.keys(
  guardianRequestApproveSchema.shape,
) as (keyof GuardianRequestApprove)[];

interface DecisionDialogProps {
  request: GuardianRequest;
  onClose: () => void;
}

/**
 * Approving writes the new guardian's parent record as Add Parent does, so the office completes it: the request's
 * name, e-mail and phone come filled in, the address is the office's to add. An e-mail that is already a parent's
 * links that parent instead. The server's refusals go under the fields they name (an e-mail taken by staff).
 */
export function ApproveGuardianDialog({ request, onClose }: DecisionDialogProps) {
  const approve = useApproveGuardianRequest();
  const { control, problems, submitWith, isSubmitting } = useSchemaForm(guardianRequestApproveSchema, {
    name: request.name,
    email: request.email,
    phone: request.phone,
    alternativePhone: '',
    address: '',
    city: '',
    state: '',
    pinCode: '',
  } satisfies GuardianRequestApprove);

  return (
    <FormDialog
      title={`Approve ${request.name} as a guardian of ${request.studentName}`}
      submitLabel="Approve and invite"
      problems={problems}
      submitting={isSubmitting}
      maxWidth="md"
      onSubmit={submitWith(async (record) => {
        try {
          await approve.mutateAsync({ id: request.id, record });
        } catch (error) {
          if (showServerFieldErrors(error, PARENT_FIELD_NAMES, control.setError)) return;
          throw error;
        }
        onClose();
      })}
      onClose={onClose}
    >
      <Typography sx={{ color: 'text.secondary' }}>
        The new guardian&apos;s parent record. They are linked to {request.studentName} and invited to the
        parent app.
      </Typography>
      <ParentFormFields control={control} />
    </FormDialog>
  );
}

/** Declining asks for the reason: the guardian who asked reads it, so it cannot be blank. */
export function DeclineGuardianDialog({ request, onClose }: DecisionDialogProps) {
  const decline = useDeclineGuardianRequest();
  const { control, problems, submitWith, isSubmitting } = useSchemaForm(guardianRequestDeclineSchema, {
    reason: '',
  } satisfies GuardianRequestDecline);

  return (
    <FormDialog
      title={`Decline ${request.name} for ${request.studentName}`}
      submitLabel="Decline"
      submitColor="error"
      problems={problems}
      submitting={isSubmitting}
      onSubmit={submitWith(async (decision) => {
        try {
          await decline.mutateAsync({ id: request.id, decline: decision });
        } catch (error) {
          if (showServerFieldErrors(error, ['reason'], control.setError)) return;
          throw error;
        }
        onClose();
      })}
      onClose={onClose}
    >
      <FormTextField
        control={control}
        name="reason"
        label="Reason"
        required
        multiline
        minRows={2}
        helperText="The guardian who asked reads it."
      />
    </FormDialog>
  );
}
