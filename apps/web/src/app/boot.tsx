import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HomeShell } from './HomeShell.tsx';
import type { Navigation } from './navigation.tsx';
import { latestSession } from './session.tsx';

/**
 * Mounts the app. A first visit to "/" renders the home page without react-router (HomeShell); the router
 * app (every route of app/routes.tsx) is fetched when a link is hovered or focused and takes over at the
 * first in-app navigation, with the session already resolved. Any other URL starts the router app at once.
 */
export function boot(element: HTMLElement): void {
  const root = createRoot(element);
  let routerApp: ReturnType<typeof loadRouterApp> | null = null;
  const loadRouterApp = () => import('./App.tsx');
  const prefetch = () => (routerApp ??= loadRouterApp());
  const startRouter = () =>
    prefetch().then(({ App }) =>
      root.render(
        <StrictMode>
          <App initialSession={latestSession()} />
        </StrictMode>,
      ),
    );

  if (window.location.pathname !== '/') {
    void startRouter();
    return;
  }

  const navigation: Navigation = {
    pathname: '/',
    navigate: (to, options) => {
      if (to === window.location.pathname) {
        window.scrollTo(0, 0);
        return;
      }
      window.history[options?.replace ? 'replaceState' : 'pushState'](null, '', to);
      void startRouter();
    },
    prefetch: () => void prefetch(),
  };
  root.render(
    <StrictMode>
      <HomeShell navigation={navigation} />
    </StrictMode>,
  );
}
