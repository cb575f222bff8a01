import type { Student } from '@school-transport/shared';
import { FormDialog } from '../../components/form/FormDialog';
import { ChildFormFields } from './ChildFormFields';
import { useStudentForm } from './student-form';

interface StudentFormDialogProps {
  parentId: string;
  /** The child to edit; a new child of the parent is added without it. */
  student?: Student;
  onClose: () => void;
}

export function StudentFormDialog({ parentId, student, onClose }: StudentFormDialogProps) {
  const { control, setValue, problems, isSubmitting, submit } = useStudentForm(parentId, student);

  return (
    <FormDialog
      title={student ? `Edit ${student.name}` : 'Add Child'}
      submitLabel={student ? 'Save Changes' : 'Add Child'}
      problems={problems}
      submitting={isSubmitting}
      onSubmit={submit(onClose)}
      onClose={onClose}
    >
      <ChildFormFields control={control} setValue={setValue} />
    </FormDialog>
  );
}
