import type { FastifyInstance } from 'fastify';
import type { Role } from '@school-transport/shared';
import { hashPassword } from '../../src/modules/platform/users/passwords.js';
import { createSession } from '../../src/modules/platform/auth/sessions.js';
import { maySignIn } from '../../src/modules/platform/auth/sign-in-roles.js';
import { insertUserIfNew } from '../../src/modules/platform/users/user-queries.js';

export const PASSWORD = 'correct horse battery staple';

let addressCounter = 0;
/** Each test signs in from an address of its own so the per-address rate limit of one test never hits another. */
export const nextAddress = () => `127.9.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

/**
 * Every test account has the same password, so one hash serves them all (a hash is made with a random salt and
 * argon2 costs tens of milliseconds on purpose); sign-in still verifies it each time.
 */
let passwordHash: Promise<string> | undefined;

export async function createAccount(
  app: FastifyInstance,
  role: Role,
  email = `${role}-${Date.now()}-${Math.random()}@example.com`,
) {
  const user = await insertUserIfNew(app.database.db, {
    name: `Test ${role}`,
    email,
    role,
    passwordHash: await (passwordHash ??= hashPassword(PASSWORD)),
  });
  if (!user) throw new Error(`account ${email} exists`);
  return user;
}

/** POST /api/auth/forgot-password, from a client address of its own (the route allows a few a minute each). */
export const askForReset = (app: FastifyInstance, email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    remoteAddress: nextAddress(),
  });

/**
 * Everything an answer says, but for what differs from one request to the next anyway: what two answers that must
 * not tell one address from another are compared by.
 */
export function visibleAnswer(answer: Awaited<ReturnType<typeof askForReset>>) {
  const { date: _date, 'x-request-id': _id, ...headers } = answer.headers;
  return { status: answer.statusCode, headers, body: answer.json() as unknown };
}

export async function login(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
  remoteAddress = nextAddress(),
) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
}

/**
 * A live session token of a new account of this role, signed in. A role that may not sign in (none today:
 * sign-in-roles.ts) gets its session written directly, as one left from before sign-in was closed to it.
 */
export async function tokenFor(app: FastifyInstance, role: Role): Promise<string> {
  const user = await createAccount(app, role);
  if (!maySignIn(user)) {
    const lifetimes = { idleMs: 86_400_000, absoluteMs: 86_400_000 };
    return (await createSession(app.database.db, user.id, { ip: '127.0.0.1' }, new Date(), lifetimes)).token;
  }
  const answer = await login(app, user.email);
  if (answer.statusCode !== 200) throw new Error(`login failed: ${answer.body}`);
  return answer.json().token as string;
}

/**
 * A session token of an existing user, written directly at the test's clock's `now` (drivers and parents sign in on
 * their phone apps; the tests need only their session).
 */
export async function sessionTokenOf(app: FastifyInstance, userId: string, now: Date): Promise<string> {
  const lifetimes = { idleMs: 86_400_000, absoluteMs: 86_400_000 };
  return (await createSession(app.database.db, userId, { ip: '127.0.0.1' }, now, lifetimes)).token;
}
