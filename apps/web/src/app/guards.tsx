import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { Loading } from '../components/ui/Loading.tsx';
import { AREA_ROLES, type AreaName } from '../lib/roles.ts';
import { afterSignIn, NEXT_PARAM, signInWithNext } from './nextPath.ts';
import { SIGN_IN_PATH, useSession } from './session.tsx';

export const UNAUTHORIZED_PATH = '/unauthorized';

/**
 * SPEC §6: loading message while the session resolves, no user → sign-in (carrying the address asked for, with its
 * query, so signing in returns to it), wrong role → /unauthorized.
 */
export function RequireArea({ area, children }: { area: AreaName; children: ReactNode }) {
  const { session } = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <Loading className="py-32" />;
  if (session.status === 'anonymous') {
    // After a sign-out the next person to sign in on this device starts from their own home.
    if (session.signedOut) return <Navigate to={SIGN_IN_PATH} replace />;
    const asked = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={signInWithNext(SIGN_IN_PATH, asked)} replace state={{ from: location.pathname }} />;
  }
  const allowed: readonly string[] = AREA_ROLES[area];
  if (!allowed.includes(session.role)) return <Navigate to={UNAUTHORIZED_PATH} replace />;
  return children;
}

/**
 * A signed-in visitor of the sign-in or sign-up page goes straight to the deep link they were sent there from
 * (`?next=`, checked by afterSignIn) or to their home (ROLE_HOME); also right after signing in on this page.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const [searchParams] = useSearchParams();
  if (session.status === 'loading') return <Loading />;
  if (session.status === 'authenticated') {
    return <Navigate to={afterSignIn(session.role, searchParams.get(NEXT_PARAM))} replace />;
  }
  return children;
}
