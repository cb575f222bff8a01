import type { AssignmentDetails } from '@school-transport/shared';
import { useState, type BaseSyntheticEvent } from 'react';
import { FormDialog } from '../../components/form/FormDialog';
import { useUnsavedChanges } from '../../components/form/unsaved-changes';
import { serverProblems } from '../../components/form/useSchemaForm';
import { useUpdateAssignment } from './assignments-api';
import { useComplianceOverride } from './ComplianceOverride';
import { PartSelects } from './PartSelects';
import { allChosen, partsProblems, type AssignmentParts } from './useAssignmentDraft';

interface ChangePartsDialogProps {
  assignment: AssignmentDetails;
  onClose: () => void;
}

/**
 * Another route, vehicle or driver for an assignment, chosen from the free ones or kept. The children stay: the
 * server refuses a vehicle with fewer seats than children, and the refusal shows here.
 */
export function ChangePartsDialog({ assignment, onClose }: ChangePartsDialogProps) {
  const update = useUpdateAssignment();
  const { route, vehicle, driver } = assignment;
  const [parts, setParts] = useState<AssignmentParts>({ route, vehicle, driver });
  const [problems, setProblems] = useState<string[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const override = useComplianceOverride();
  // Unsaved while any part differs from the assignment's; the dialog closes once saved.
  useUnsavedChanges(
    parts.route?.id !== route.id || parts.vehicle?.id !== vehicle.id || parts.driver?.id !== driver.id,
  );

  const submit = async (event?: BaseSyntheticEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    setProblems(partsProblems(parts));
    if (!allChosen(parts)) return;
    const overrideReason = override.reasonToSend();
    if (overrideReason === null) return;
    try {
      await update.mutateAsync({
        id: assignment.id,
        parts: {
          routeId: parts.route.id,
          vehicleId: parts.vehicle.id,
          driverId: parts.driver.id,
          overrideReason,
        },
      });
      onClose();
    } catch (error) {
      setProblems(override.takeRefusal(error) ? [] : serverProblems(error));
    }
  };

  return (
    <FormDialog
      title="Change driver, vehicle or route"
      submitLabel="Save Changes"
      problems={problems}
      submitting={update.isPending}
      onSubmit={submit}
      onClose={onClose}
      maxWidth="lg"
    >
      <PartSelects
        parts={parts}
        onChoose={(name, value) => setParts((current) => ({ ...current, [name]: value }))}
        current={{ route, vehicle, driver }}
        showMissing={submitted}
      />
      {override.panel}
    </FormDialog>
  );
}
