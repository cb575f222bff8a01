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
  // A record's own page (a driver's details…) is the office's: a role that reads none of it goes back.
  const allowed = section
    ? mayUse(role, section.access)
    : mayUse(role, 'office-read') || OWN_PAGES.includes(pathname);
  return allowed ? <Outlet /> : <Navigate to={landingOf(role)} replace />;
}

/** What every staff role has of its own: its profile and the e-mail check. */
const OWN_PAGES: string[] = [paths.profile, paths.emailVerify];

/** Log In: a signed-in staff user has nothing to do there and goes to where they start. */
export function RequireVisitor() {
  const { role } = useSession();
  return role ? <Navigate to={landingOf(role)} replace /> : <Outlet />;
}
