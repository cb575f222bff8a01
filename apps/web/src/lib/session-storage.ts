import type { SessionUser } from '@school-transport/shared';
import { readStorage, removeStorage, writeStorage } from './storage';

/** The key names stay as they are, so a session stored by an earlier version survives an upgrade. */
const TOKEN_KEY = '__token__';
const USER_KEY = '__user__identity__';

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
}

export function clearStoredSession(): void {
  removeStorage(TOKEN_KEY);
  removeStorage(USER_KEY);
}
