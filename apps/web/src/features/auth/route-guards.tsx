import { Navigate, Outlet } from 'react-router';
import { useSession } from './session-context';

/** Management screens: anyone but a signed-in admin is sent to Log In. */
export function RequireAdmin() {
  const { isAdmin } = useSession();
  return isAdmin ? <Outlet /> : <Navigate to="/login" replace />;
}

/** Log In: a signed-in admin has nothing to do there and goes to the dashboard. */
export function RequireVisitor() {
  const { isAdmin } = useSession();
  return isAdmin ? <Navigate to="/" replace /> : <Outlet />;
}
