/** Who a signed-in account is. Drivers and parents are users too; only admins reach the back-office. */
export const ROLES = ['admin', 'driver', 'parent'] as const;
export type Role = (typeof ROLES)[number];
