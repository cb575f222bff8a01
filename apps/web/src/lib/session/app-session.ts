import { createContext, useContext } from 'react';
import type { AppSession } from './app-session-store';

export { appSessionStore, hasRole, type AppSession } from './app-session-store';

export interface AppSessionValue {
  session: AppSession | null;
  signIn: (session: AppSession) => void;
  /** Ends the session here; `expired` says the server refused it, so the sign-in screen explains why. */
  signOut: (expired?: boolean) => Promise<void>;
  expired: boolean;
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
