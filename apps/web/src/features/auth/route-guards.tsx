import { Navigate, Outlet } from 'react-router';
import { paths } from '../../lib/paths/paths';
import { useSession } from '../../lib/session/session';

/** Management screens: anyone but a signed-in admin is sent to Log In. */
export function RequireAdmin() {
  const { isAdmin } = useSession();
  return isAdmin ? <Outlet /> : <Navigate to={paths.login} replace />;
}

/** Log In: a signed-in admin has nothing to do there and goes to the dashboard. */
export function RequireVisitor() {
  const { isAdmin } = useSession();
  return isAdmin ? <Navigate to={paths.dashboard} replace /> : <Outlet />;
}
