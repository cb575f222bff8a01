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
} as const;
