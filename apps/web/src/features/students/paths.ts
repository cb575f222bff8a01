/** The API resource (`/api/students/…`) and the addresses of the student screens. */
export const STUDENTS = 'students';
export const STUDENT_LIST_PATH = '/all-students';
export const studentDetailsPath = (id: string) => `/student-details/${id}`;
export const updateStudentPath = (id: string) => `/update-student/${id}`;
