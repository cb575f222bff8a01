import { ConfirmDialog } from '../../components/page/ConfirmDialog';
import { countOf } from '../../lib/time/format';
import { useDeleteAssignment } from './assignments-api';

/** What the confirmation names of the assignment: it is known by its route, driver and vehicle. */
export interface AssignmentToDelete {
  id: string;
  routeName: string;
  driverName: string;
  licensePlate: string;
  studentCount: number;
}

interface DeleteAssignmentDialogProps {
  assignment: AssignmentToDelete;
  onClose: () => void;
  /** After the deletion, e.g. leave the page of the assignment that is gone. */
  onDeleted?: () => void;
}

/** 'Delete Assignment?', saying what becomes of the children and of the driver, vehicle and route. */
export function DeleteAssignmentDialog({ assignment, onClose, onDeleted }: DeleteAssignmentDialogProps) {
  const remove = useDeleteAssignment();
  const { routeName, driverName, licensePlate, studentCount } = assignment;
  const children =
    studentCount === 0
      ? 'It has no children.'
      : `Its ${countOf(studentCount, 'child', 'children')} will be without an assignment until given another.`;

  return (
    <ConfirmDialog
      open
      title="Delete Assignment?"
      text={`Are you sure you want to delete the route assignment of ${routeName} (driver ${driverName}, vehicle ${licensePlate})? ${children} The driver, vehicle and route become free; past trips are kept.`}
      onConfirm={async () => {
        await remove.mutateAsync(assignment.id);
        onDeleted?.();
      }}
      onClose={onClose}
    />
  );
}
