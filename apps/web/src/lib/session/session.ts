import type { SessionUser } from '@school-transport/shared';
import { isStaffRole, mayUse, type Access, type StaffRole } from '@school-transport/shared/roles';
import { createContext, useContext } from 'react';
import type { StoredSession } from './session-storage';

export interface SessionContextValue {
  user: SessionUser | null;
  token: string | null;
  /**
   * The back-office role of the signed-in user (decision 069), or null for a visitor: only staff reach the
   * back-office; what each role sees of it is `mayUse(role, access)` of the routes behind each screen.
   */
  role: StaffRole | null;
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

/** The user's back-office role, read in any casing ('Admin', 'admin'); null for a visitor, a driver or a parent. */
export function staffRoleOf(user: SessionUser | null): StaffRole | null {
  const role = user?.role.toLowerCase() as SessionUser['role'] | undefined;
  return role && isStaffRole(role) ? role : null;
}

/** Whether the signed-in role may use routes of this access: what the menu and the screens' actions ask. */
export function useMayUse(access: Access): boolean {
  const { role } = useSession();
  return role !== null && mayUse(role, access);
}
