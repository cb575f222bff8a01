import type { SessionUser } from '@school-transport/shared';
import { createContext, useContext } from 'react';
import type { StoredSession } from './session-storage';

export interface SessionContextValue {
  user: SessionUser | null;
  token: string | null;
  /** Only admins reach the back-office (decision 005). */
  isAdmin: boolean;
  /** The server refused the previous session (401), so the Log In screen says why the user is there. */
  endedByServer: boolean;
  signIn: (session: StoredSession) => void;
  /** Keeps the stored user in step with the account (a new name or e-mail address shows in the top bar). */
  updateUser: (changes: Partial<Pick<SessionUser, 'name' | 'email'>>) => void;
  signOut: () => Promise<void>;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

/** The role is read from the user in any casing ('Admin', 'admin'); no user means a visitor. */
export function isAdminUser(user: SessionUser | null): boolean {
  return user?.role.toLowerCase() === 'admin';
}
