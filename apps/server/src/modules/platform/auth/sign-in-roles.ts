import { ROLES, type Role } from '@school-transport/shared';

/**
 * Roles whose accounts may sign in, ask for a reset link or accept an invitation: every one. The four staff roles
 * sign in to the back-office (what each reaches: decision 069), drivers to the driver app and parents to the parent
 * portal. What a driver or a parent may then reach is exactly what their app
 * needs: their own session (me, logout, their password and sessions: `signed-in`) and their own app's routes
 * (`driver`, `parent`). Nothing of the back-office, the profile and renaming oneself included (those are `staff`):
 * a driver's or parent's name and e-mail are the office's records of them (and the e-mail the sign-in), kept by
 * the office. A parent changes only their contact details, through the portal's own /parent/profile.
 */
export const SIGN_IN_ROLES: readonly Role[] = ROLES;

export const maySignIn = (user: { role: Role }): boolean => SIGN_IN_ROLES.includes(user.role);
