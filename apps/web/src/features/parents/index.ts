/**
 * What other features may use of the parents feature: its addresses. (It uses the students feature's child
 * form, so anything more here would tie the two in a circle.)
 */
export { ADD_PARENT_PATH, PARENT_LIST_PATH, PARENTS, parentDetailsPath } from './paths';
