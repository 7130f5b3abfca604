import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/index.ts';
import { HomeShell } from './HomeShell.tsx';
import type { Navigation } from './navigation.tsx';
import { latestSession } from './session.tsx';

/**
 * Mounts the app. A first visit to "/" renders the home page without react-router (HomeShell); the router
 * app (every route of app/routes.tsx) is fetched when a link is hovered or focused and takes over at the
 * first in-app navigation, with the session already resolved. Any other URL starts the router app at once.
 *
 * The server sends "/" with the home page already rendered (apps/web/build/prerender-home.ts): when that
 * markup is still there (the guard script of the page keeps it only for an anonymous visitor in its
 * language), React hydrates it rather than rendering it again.
 */
export function boot(element: HTMLElement): void {
  const atHome = window.location.pathname === '/';
  let root: Root | null = atHome && element.hasAttribute('data-prerendered') ? null : createRoot(element);
  let routerApp: ReturnType<typeof loadRouterApp> | null = null;
  const loadRouterApp = () => import('./App.tsx');
  const prefetch = () => (routerApp ??= loadRouterApp());
  // The screen's code, strings and session first (app/prepareRoute.ts), so its first render suspends nowhere.
  const startRouter = () =>
    prefetch().then(async ({ App, prepareRoute }) => {
      const known = latestSession();
      const session = (await prepareRoute(window.location.pathname, known, window.location.search)) ?? known;
      (root ??= createRoot(element)).render(
        <StrictMode>
          <App initialSession={session} />
        </StrictMode>,
      );
    });

  if (!atHome) {
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
  const home = (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <HomeShell navigation={navigation} />
      </I18nextProvider>
    </StrictMode>
  );
  if (root) root.render(home);
  else root = hydrateRoot(element, home);
}
