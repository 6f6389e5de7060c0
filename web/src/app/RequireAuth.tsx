import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../shared/session.ts';
import { SIGN_IN_PATH } from './page-table.ts';

/** Pages that need an account send visitors without a token to sign in, and back afterwards. */
export function RequireAuth() {
  const { signedIn } = useSession();
  const location = useLocation();
  if (!signedIn) return <Navigate to={SIGN_IN_PATH} replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
