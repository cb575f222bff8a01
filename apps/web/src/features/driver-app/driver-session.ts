import type { SessionUser } from '@school-transport/shared';
import { createContext, useContext } from 'react';
import { readStorage, removeStorage, writeStorage } from '../../lib/storage';

/**
 * The driver app keeps its own session, apart from the back-office's: a phone handed from an office worker to a
 * driver (or a laptop used for both) never mixes the two, and a driver's 401 never throws the office out.
 */
const TOKEN_KEY = '__driver_token__';
const USER_KEY = '__driver_user__';

export interface DriverSession {
  token: string;
  user: SessionUser;
}

export function readDriverSession(): DriverSession | null {
  const token = readStorage(TOKEN_KEY);
  const json = readStorage(USER_KEY);
  if (!token || !json) return null;
  try {
    const user = JSON.parse(json) as SessionUser;
    return typeof user?.name === 'string' && user.role === 'driver' ? { token, user } : null;
  } catch {
    return null;
  }
}

export function saveDriverSession({ token, user }: DriverSession): void {
  writeStorage(TOKEN_KEY, token);
  writeStorage(USER_KEY, JSON.stringify(user));
}

export function clearDriverSession(): void {
  removeStorage(TOKEN_KEY);
  removeStorage(USER_KEY);
}

export interface DriverSessionValue {
  session: DriverSession | null;
  signIn: (session: DriverSession) => void;
  /** Ends the session here; `expired` says the server refused it, so the sign-in screen explains why. */
  signOut: (expired?: boolean) => Promise<void>;
  expired: boolean;
}

export const DriverSessionContext = createContext<DriverSessionValue | null>(null);

export function useDriverSession(): DriverSessionValue {
  const value = useContext(DriverSessionContext);
  if (!value) throw new Error('useDriverSession must be used inside the driver app');
  return value;
}

/** The signed-in driver's token; the driver's screens are only shown with one. */
export function useDriverToken(): string {
  const { session } = useDriverSession();
  if (!session) throw new Error('No driver is signed in');
  return session.token;
}
