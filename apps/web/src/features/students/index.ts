/** What other features may use of the students feature: the child form, a child's row and dialogs, addresses. */
export { EMPTY_CHILD_FORM, useChildForm, type ChildPayload } from './child-form';
export { ChildFormFields } from './ChildFormFields';
export { ChildRow } from './ChildRow';
export { DeleteStudentDialog } from './DeleteStudentDialog';
export { STUDENTS, studentDetailsPath } from './paths';
export { StudentFormDialog } from './StudentFormDialog';
