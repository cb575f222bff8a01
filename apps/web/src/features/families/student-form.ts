import type { Student } from '@school-transport/shared';
import { useSaveStudent } from './families-api';
import { childFormValues, EMPTY_CHILD_FORM, useChildForm } from './child-form';

/**
 * The form of one child of `parentId`: a new one, or `student` being changed. `submit(then)` is the submit
 * handler: it saves, then runs `then` (close the dialog, go back to the details).
 */
export function useStudentForm(parentId: string, student?: Student) {
  const save = useSaveStudent();
  const { submitWith, ...form } = useChildForm(student ? childFormValues(student) : EMPTY_CHILD_FORM);

  const submit = (then: () => void) =>
    submitWith(async (child) => {
      await save.mutateAsync({ id: student?.id, payload: { ...child, parentId } });
      then();
    });

  return { ...form, submit };
}
