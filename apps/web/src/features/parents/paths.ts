/** The API resource (`/api/parents/…`) and the addresses of the parent screens (spec section 2). */
export const PARENTS = 'parents';
export const PARENT_LIST_PATH = '/all-parents';
export const ADD_PARENT_PATH = '/add-parent';
export const parentDetailsPath = (id: string) => `/parent-details/${id}`;
export const updateParentPath = (id: string) => `/update-parent/${id}`;
