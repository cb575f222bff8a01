import type { Role } from '@school-transport/shared';

/**
 * Roles whose accounts may sign in, ask for a reset link or accept an invitation. Only administrators, until the
 * driver app and the parent portal exist: a driver or parent who could sign in could rename themselves in the
 * office's records and probe which addresses have accounts. The issue that brings those apps opens exactly what
 * each role needs, here and in the routes' `config.access`.
 */
export const SIGN_IN_ROLES: readonly Role[] = ['admin'];

export const maySignIn = (user: { role: Role }): boolean => SIGN_IN_ROLES.includes(user.role);
