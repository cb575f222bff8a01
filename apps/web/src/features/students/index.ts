/**
 * What other features may use of the students feature: the child form, a child's row and dialogs, the list of
 * children riding with an assignment or a trip, addresses.
 */
export { EMPTY_CHILD_FORM, useChildForm, type ChildPayload } from './child-form';
export { ChildFormFields } from './ChildFormFields';
export { ChildRow } from './ChildRow';
export { DeleteStudentDialog } from './DeleteStudentDialog';
export { STUDENT_LIST_PATH, STUDENTS, studentDetailsPath, UNASSIGNED_STUDENTS_PATH } from './paths';
export { riderDetails } from './rider-details';
export { RiderList } from './RiderList';
export { StudentFormDialog } from './StudentFormDialog';
