import type { Student } from '@school-transport/shared';
import { ConfirmDialog } from '../../components/page/ConfirmDialog';
import { useDeleteStudent } from './families-api';

/** 'Delete Student?', naming the child and the route it is taken off. */
export function DeleteStudentDialog({ student, onClose }: { student: Student; onClose: () => void }) {
  const remove = useDeleteStudent();
  const route = student.assignment
    ? ` They are also taken out of the route assignment of ${student.assignment.routeName}.`
    : '';
  return (
    <ConfirmDialog
      open
      title="Delete Student?"
      text={`Are you sure you want to delete the student ${student.name} (class ${student.class}, roll no ${student.rollNo})?${route}`}
      onConfirm={() => remove.mutateAsync(student.id)}
      onClose={onClose}
    />
  );
}
