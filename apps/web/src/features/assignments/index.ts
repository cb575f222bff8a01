/** What other features may use of the assignments feature: its addresses. */
export { ASSIGNMENT_LIST_PATH } from './paths';
