import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { RoleName } from '@filaha/shared';
import { clearSession, getToken, setToken, UNAUTHENTICATED_EVENT } from '../lib/storage.ts';
import { useNavigation } from './navigation.tsx';

export type Session =
  | { status: 'loading' }
  /** `signedOut`: the user signed out here, so the sign-in page does not offer to return to where they were. */
  | { status: 'anonymous'; signedOut?: boolean }
  | { status: 'authenticated'; role: RoleName };

interface SessionContextValue {
  session: Session;
  /** Stores the token and opens the session (the caller decides where to go next). */
  signIn: (token: string, role: RoleName) => void;
  /** SPEC §4: removes Token and sellerRole and goes to /auth/SignIn. */
  signOut: () => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** Kept answers and unsent forms belong to one account (lib/accountData.ts; loaded only when needed). */
const forgetAccountData = () =>
  import('../lib/accountData.ts').then((m) => m.forgetAccountData()).catch(() => undefined);

export const SIGN_IN_PATH = '/auth/SignIn';

let latest: Session | null = null;
/** The last known session, handed from the router-less first paint of "/" to the router app (app/boot.tsx). */
export const latestSession = () => latest;

/**
 * Restores the session from a stored token once at start-up (SPEC §4). `initial` carries a session
 * already resolved on this page load, so the hand-over to the router app does not ask the server again.
 */
export function SessionProvider({ children, initial }: { children: ReactNode; initial?: Session | null }) {
  const { navigate } = useNavigation();
  const [session, setSession] = useState<Session>(
    () => initial ?? (getToken() ? { status: 'loading' } : { status: 'anonymous' }),
  );

  useEffect(() => {
    latest = session;
  }, [session]);

  useEffect(() => {
    if (!getToken() || (initial && initial.status !== 'loading')) return;
    const controller = new AbortController();
    import('./restoreSession.ts')
      .then(({ restoreSession }) => restoreSession(controller.signal))
      .then((role) => {
        if (controller.signal.aborted) return;
        setSession(role ? { status: 'authenticated', role } : { status: 'anonymous' });
      })
      .catch(() => {
        if (!controller.signal.aborted) setSession({ status: 'anonymous' });
      });
    return () => controller.abort();
    // Runs once per mount: `initial` only matters for the first render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const signOut = useCallback(() => {
    clearSession();
    void forgetAccountData();
    setSession({ status: 'anonymous', signedOut: true });
    navigate(SIGN_IN_PATH);
  }, [navigate]);

  // Any call that sent a token and got 401 means the token expired or was revoked.
  useEffect(() => {
    const onExpired = () => {
      if (!getToken()) return;
      clearSession();
      void forgetAccountData();
      setSession({ status: 'anonymous' });
      navigate(SIGN_IN_PATH);
    };
    window.addEventListener(UNAUTHENTICATED_EVENT, onExpired);
    return () => window.removeEventListener(UNAUTHENTICATED_EVENT, onExpired);
  }, [navigate]);

  const signIn = useCallback((token: string, role: RoleName) => {
    void forgetAccountData();
    setToken(token);
    setSession({ status: 'authenticated', role });
  }, []);

  const value = useMemo(() => ({ session, signIn, signOut }), [session, signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
