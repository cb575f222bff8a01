/** The API resource (`/api/route-assignments/…`) and the addresses of the assignment screens (spec section 2). */
export const ASSIGNMENTS = 'route-assignments';
export const ASSIGNMENT_LIST_PATH = '/all-assignments';
export const ADD_ASSIGNMENT_PATH = '/add-assignments';
export const assignmentDetailsPath = (id: string) => `/assignment-details/${id}`;

/** The address parameter that opens an assignment's page ready to change its children. */
export const CHANGE_STUDENTS_PARAM = 'change';
export const changeStudentsPath = (id: string) =>
  `${assignmentDetailsPath(id)}?${CHANGE_STUDENTS_PARAM}=students`;
