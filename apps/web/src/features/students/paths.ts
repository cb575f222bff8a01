/** The API resource (`/api/students/…`) and the addresses of the student screens. */
export const STUDENTS = 'students';
export const STUDENT_LIST_PATH = '/all-students';
export const studentDetailsPath = (id: string) => `/student-details/${id}`;
export const updateStudentPath = (id: string) => `/update-student/${id}`;
/** The student list showing only the children no route assignment takes yet (the dashboard links here). */
export const UNASSIGNED_STUDENTS_PATH = `${STUDENT_LIST_PATH}?unassigned=true`;
