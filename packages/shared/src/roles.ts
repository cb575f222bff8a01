/**
 * Who a signed-in account is. Drivers and parents use their phone apps; the four staff roles use the back-office
 * (decision 069). New roles are appended: the order is the database enum's (`user_role`), which only grows.
 */
export const ROLES = ['admin', 'driver', 'parent', 'dispatcher', 'viewer', 'school_staff'] as const;
export type Role = (typeof ROLES)[number];

/** The back-office's roles, most powerful first: what the staff screen offers. */
export const STAFF_ROLES = ['admin', 'dispatcher', 'viewer', 'school_staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (role: Role): role is StaffRole => (STAFF_ROLES as readonly Role[]).includes(role);

/** The roles' names as people read them (the staff screen, the menu, messages). */
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrator',
  dispatcher: 'Dispatcher',
  viewer: 'Viewer',
  school_staff: 'School staff',
  driver: 'Driver',
  parent: 'Parent',
};

/**
 * Who may call a route: its `config.access` (apps/server/src/plugins/authentication.ts). A route that declares
 * nothing is 'admin'. The vocabulary is small on purpose (decision 069 has the whole matrix):
 * - 'admin': administrators only: accounts, settings, records' writes and deletes, credentials kinds, the plan.
 * - 'dispatch': administrators and dispatchers: running the day (trips' moves, cancellations, rescues, combines,
 *   covers, alerts, messages to families and the family inbox).
 * - 'office-read': administrators, dispatchers and viewers: every read of the office's.
 * - 'staff': any staff role, school staff included: one's own profile, second factor, e-mail; field trip requests'
 *   reads and notices (the handler scopes school staff to their schools' requests).
 * - 'request': administrators and school staff: asking for a field trip (school staff for one of their schools,
 *   checked by the handler). Dispatchers and viewers make no requests.
 * - 'school': school staff only, on their own routes (/api/school/*), scoped to their schools on the server.
 * - 'driver', 'parent': the phone apps' own routes. 'signed-in', 'live': any session. 'public': no session.
 */
export const ACCESS_LEVELS = [
  'public',
  'signed-in',
  'live',
  'admin',
  'dispatch',
  'office-read',
  'staff',
  'request',
  'school',
  'driver',
  'parent',
] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

/** The roles each access lets in; null: no session needed at all. */
export const ACCESS_ROLES = {
  public: null,
  'signed-in': ROLES,
  live: ROLES,
  admin: ['admin'],
  dispatch: ['admin', 'dispatcher'],
  'office-read': ['admin', 'dispatcher', 'viewer'],
  staff: STAFF_ROLES,
  request: ['admin', 'school_staff'],
  school: ['school_staff'],
  driver: ['driver'],
  parent: ['parent'],
} as const satisfies Record<Access, readonly Role[] | null>;

/** Whether `role` may call a route of this access. */
export const mayUse = (role: Role, access: Access): boolean => {
  const roles: readonly Role[] | null = ACCESS_ROLES[access];
  return roles === null || roles.includes(role);
};
