/** Where the server under test listens, and the accounts the global set-up puts in its database. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310);
export const E2E_URL = `http://127.0.0.1:${E2E_PORT}`;
/** Names the folder where the mail sink writes the server's mails (set by the global set-up for the workers). */
export const MAIL_DIR_VARIABLE = 'E2E_MAIL_DIR';

export const ACCOUNTS = {
  admin: {
    name: 'Erin Admin',
    email: 'e2e-admin@example.com',
    password: 'e2e admin password 1',
    role: 'admin',
  },
  driver: {
    name: 'Dan Driver',
    email: 'e2e-driver@example.com',
    password: 'e2e driver password 1',
    role: 'driver',
  },
  parent: {
    name: 'Pat Parent',
    email: 'e2e-parent@example.com',
    password: 'e2e parent password 1',
    role: 'parent',
  },
  // The other staff roles (decision 069), for staff-roles.spec.ts: what each one's screens show (decision 077).
  dispatcher: {
    name: 'Dora Dispatcher',
    email: 'e2e-dispatcher@example.com',
    password: 'e2e dispatcher password 1',
    role: 'dispatcher',
  },
  viewer: {
    name: 'Vic Viewer',
    email: 'e2e-viewer@example.com',
    password: 'e2e viewer password 1',
    role: 'viewer',
  },
  schoolStaff: {
    name: 'Sam School',
    email: 'e2e-school-staff@example.com',
    password: 'e2e school staff password 1',
    role: 'school_staff',
  },
} as const;
