import type { SessionUser } from '@school-transport/shared';
import { readStorage, removeStorage, writeStorage } from '../device/storage';

/**
 * The session of an app of its own beside the back-office (the driver app at /driver, the parent portal at
 * /parent), kept under its own keys: a phone handed from an office worker to a driver or a parent (or a laptop
 * used for several) never mixes them, and one app's 401 never throws the others out.
 *
 * Free of React: the phone apps' boot scripts (src/phone/boot) read the stored session with it before React loads.
 */
export interface AppSession {
  token: string;
  user: SessionUser;
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
