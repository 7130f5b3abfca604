import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { RoleName } from '@filaha/shared';
import { clearSession, getToken, setToken, UNAUTHENTICATED_EVENT } from '../lib/storage.ts';
import { useNavigation } from './navigation.tsx';
import type { Session } from './sessionState.ts';

export type { Session };

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
/** How often a session opened offline asks the server again while the browser says it is online. */
export const RECHECK_MS = 30_000;

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
      .then((restored) => {
        if (!controller.signal.aborted) setSession(restored);
      })
      .catch(() => {
        if (!controller.signal.aborted) setSession({ status: 'anonymous' });
      });
    return () => controller.abort();
    // Runs once per mount: `initial` only matters for the first render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A session opened from the token without the server (offline): asked again when the network returns and every
  // RECHECK_MS meanwhile (a link may be down while the browser says online). The server's refusal signs out as a
  // 401 would; another failure keeps the session as it is, until the next try.
  const unverified = session.status === 'authenticated' && session.unverified === true;
  useEffect(() => {
    if (!unverified) return;
    const controller = new AbortController();
    let asking = false;
    const recheck = () => {
      if (asking || controller.signal.aborted || !navigator.onLine) return;
      asking = true;
      import('./restoreSession.ts')
        .then(({ restoreSession }) => restoreSession(controller.signal))
        .then((restored) => {
          if (controller.signal.aborted || (restored.status === 'authenticated' && restored.unverified)) return;
          if (restored.status === 'authenticated') return setSession(restored);
          void forgetAccountData();
          setSession({ status: 'anonymous' });
          navigate(SIGN_IN_PATH);
        })
        .catch(() => undefined)
        .finally(() => (asking = false));
    };
    window.addEventListener('online', recheck);
    const timer = setInterval(recheck, RECHECK_MS);
    return () => {
      controller.abort();
      window.removeEventListener('online', recheck);
      clearInterval(timer);
    };
  }, [unverified, navigate]);

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
