import type { SessionUser } from '@school-transport/shared';
import { createContext, useContext } from 'react';
import { readStorage, removeStorage, writeStorage } from '../device/storage';

/**
 * The session of an app of its own beside the back-office (the driver app at /driver, the parent portal at
 * /parent), kept under its own keys: a phone handed from an office worker to a driver or a parent (or a laptop
 * used for several) never mixes them, and one app's 401 never throws the others out.
 */
export interface AppSession {
  token: string;
  user: SessionUser;
}

export interface AppSessionValue {
  session: AppSession | null;
  signIn: (session: AppSession) => void;
  /** Ends the session here; `expired` says the server refused it, so the sign-in screen explains why. */
  signOut: (expired?: boolean) => Promise<void>;
  expired: boolean;
}

/** The role is read in any casing ('Driver', 'driver'), as the back-office reads 'admin'. */
export const hasRole = (user: SessionUser, role: string) => user.role.toLowerCase() === role;

/** Reads and writes the session of the app named `app` (its storage keys), kept only for a user of `role`. */
export function appSessionStore(app: string, role: string) {
  const tokenKey = `__${app}_token__`;
  const userKey = `__${app}_user__`;
  return {
    read(): AppSession | null {
      const token = readStorage(tokenKey);
      const json = readStorage(userKey);
      if (!token || !json) return null;
      try {
        const user = JSON.parse(json) as SessionUser;
        return typeof user?.name === 'string' && typeof user.role === 'string' && hasRole(user, role)
          ? { token, user }
          : null;
      } catch {
        return null;
      }
    },
    save({ token, user }: AppSession): void {
      writeStorage(tokenKey, token);
      writeStorage(userKey, JSON.stringify(user));
    },
    clear(): void {
      removeStorage(tokenKey);
      removeStorage(userKey);
    },
  };
}

/**
 * The React context of an app's session and its hooks: `useSession` (the value, inside the app only) and
 * `useToken` (the signed-in user's token, for screens shown only with one). `app` names the app in errors.
 */
export function appSessionContext(app: string) {
  const Context = createContext<AppSessionValue | null>(null);
  const useSession = (): AppSessionValue => {
    const value = useContext(Context);
    if (!value) throw new Error(`This screen must be used inside ${app}`);
    return value;
  };
  const useToken = (): string => {
    const { session } = useSession();
    if (!session) throw new Error(`No one is signed in to ${app}`);
    return session.token;
  };
  return { Context, useSession, useToken };
}
