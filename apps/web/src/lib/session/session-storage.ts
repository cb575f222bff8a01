import type { SessionUser } from '@school-transport/shared';
import { readStorage, removeStorage, writeStorage } from '../device/storage';

/** The key names stay as they are, so a session stored by an earlier version survives an upgrade. */
const TOKEN_KEY = '__token__';
const USER_KEY = '__user__identity__';
/**
 * Set while the last session was ended by the server (a 401), until the next sign-in: the Log In screen still says
 * why after a reload. An open page often learns of the end by itself (a query in flight, the live stream) and moves
 * to Log In; a reload then came back to Log In without the reason.
 */
const ENDED_BY_SERVER_KEY = '__session_ended_by_server__';

export interface StoredSession {
  token: string;
  user: SessionUser;
}

export function readStoredToken(): string | null {
  return readStorage(TOKEN_KEY);
}

function readStoredUser(): SessionUser | null {
  const json = readStorage(USER_KEY);
  if (json === null) return null;
  try {
    const user: unknown = JSON.parse(json);
    return isSessionUser(user) ? user : null;
  } catch (error) {
    console.error('The stored user is not valid JSON', error);
    return null;
  }
}

function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const { name, role } = value as Record<string, unknown>;
  return typeof name === 'string' && typeof role === 'string';
}

/** A session needs both halves: a user without a token could see screens whose every call then fails. */
export function readStoredSession(): StoredSession | null {
  const token = readStoredToken();
  const user = readStoredUser();
  return token && user ? { token, user } : null;
}

export function saveSession({ token, user }: StoredSession): void {
  writeStorage(TOKEN_KEY, token);
  writeStorage(USER_KEY, JSON.stringify(user));
  removeStorage(ENDED_BY_SERVER_KEY);
}

/** Forgets the session; `endedByServer` when the server refused it rather than the user signing out. */
export function clearStoredSession(endedByServer = false): void {
  removeStorage(TOKEN_KEY);
  removeStorage(USER_KEY);
  if (endedByServer) writeStorage(ENDED_BY_SERVER_KEY, 'true');
  else removeStorage(ENDED_BY_SERVER_KEY);
}

/** Whether the last session was ended by the server and nobody has signed in since. */
export const readSessionEndedByServer = (): boolean => readStorage(ENDED_BY_SERVER_KEY) === 'true';
