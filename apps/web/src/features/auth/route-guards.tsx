import { Navigate, Outlet, useLocation } from 'react-router';
import { landingOf, paths } from '../../lib/paths/paths';
import { sectionOfPath } from '../../lib/paths/sections';
import { mayUse } from '@school-transport/shared/roles';
import { useSession } from '../../lib/session/session';

/**
 * Management screens: anyone but a signed-in staff user is sent to Log In; a screen of a section the role may not
 * use (decision 069) sends them to where they start. The server refuses the calls anyway: this spares a screen of
 * 403s.
 */
export function RequireAdmin() {
  const { role } = useSession();
  const { pathname } = useLocation();
  if (!role) return <Navigate to={paths.login} replace />;
  const section = sectionOfPath(pathname);
  // A record's own page (a driver's details…) is the office's: a role that reads none of it goes back. An add or
  // update screen is an administrator's (decision 077): a viewer's bookmark of one leads back too.
  const allowed = isWriteScreen(pathname)
    ? mayUse(role, 'admin')
    : section
      ? mayUse(role, section.access)
      : mayUse(role, 'office-read') || OWN_PAGES.includes(pathname);
  return allowed ? <Outlet /> : <Navigate to={landingOf(role)} replace />;
}

/** The screens that only add or change records; every other change is made in a dialog its button opens. */
const WRITE_SCREENS: string[] = [paths.parents.add, paths.assignments.add];
const WRITE_RECORD_SCREENS = [paths.drivers.update, paths.parents.update, paths.students.update];

/** Whether this address opens a screen that only adds or changes a record. */
export const isWriteScreen = (pathname: string): boolean =>
  WRITE_SCREENS.includes(pathname) || WRITE_RECORD_SCREENS.some((screen) => pathname.startsWith(screen('')));

/** What every staff role has of its own: its profile and the e-mail check. */
const OWN_PAGES: string[] = [paths.profile, paths.emailVerify];

/** Log In: a signed-in staff user has nothing to do there and goes to where they start. */
export function RequireVisitor() {
  const { role } = useSession();
  return role ? <Navigate to={landingOf(role)} replace /> : <Outlet />;
}
