import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Loading } from '../components/ui/Loading.tsx';
import { AREA_ROLES, homeOf, type AreaName } from '../lib/roles.ts';
import { SIGN_IN_PATH, useSession } from './session.tsx';

export const UNAUTHORIZED_PATH = '/unauthorized';

/** SPEC §6: loading message while the session resolves, no user → sign-in, wrong role → /unauthorized. */
export function RequireArea({ area, children }: { area: AreaName; children: ReactNode }) {
  const { session } = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <Loading className="py-32" />;
  if (session.status === 'anonymous') return <Navigate to={SIGN_IN_PATH} replace state={{ from: location.pathname }} />;
  const allowed: readonly string[] = AREA_ROLES[area];
  if (!allowed.includes(session.role)) return <Navigate to={UNAUTHORIZED_PATH} replace />;
  return children;
}

/** A signed-in visitor of the sign-in or sign-up page goes straight to their home (ROLE_HOME). */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { session } = useSession();
  if (session.status === 'loading') return <Loading />;
  if (session.status === 'authenticated') return <Navigate to={homeOf(session.role)} replace />;
  return children;
}
