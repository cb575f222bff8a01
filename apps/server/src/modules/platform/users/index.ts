/** The users module's front door: what the rest of the server may use of it. */
export { EmailTakenError, createAdmin, ensureFirstAdmin, passwordProblem } from './first-admin.js';
export type { CreatedAdmin } from './first-admin.js';
export { assertLongEnoughFor, assertNotCommon } from './password-policy.js';
export { checkPassword, hashPassword } from './passwords.js';
export {
  EMAIL_TAKEN,
  countActiveAdmins,
  findUserByEmail,
  findUserById,
  isDeactivatedGuardian,
  lockUser,
  markSignedIn,
  setAccountNamesAndEmails,
  updateUser,
} from './user-queries.js';
export type { UserRow } from './user-queries.js';
