import type { Role } from '@school-transport/shared';

/**
 * Roles whose accounts may sign in, ask for a reset link or accept an invitation: administrators, and drivers for
 * the driver app. What a driver may then reach is exactly what that app needs: their own session (me, logout,
 * their password and sessions: `signed-in`) and their own trips (`driver`). Everything of the back-office stays
 * admin-only, their name and e-mail included, which are the office's records of them. Parents stay out until
 * their portal exists: one who could sign in could rename themselves and probe which addresses have accounts.
 */
export const SIGN_IN_ROLES: readonly Role[] = ['admin', 'driver'];

export const maySignIn = (user: { role: Role }): boolean => SIGN_IN_ROLES.includes(user.role);
