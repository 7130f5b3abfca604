import { useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NavigationContext } from './navigation.tsx';

/** Inside the router app, the public frame's links and the session navigate through react-router. */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const value = useMemo(
    () => ({ pathname, navigate: (to: string, o?: { replace?: boolean }) => void navigate(to, o) }),
    [pathname, navigate],
  );
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}
