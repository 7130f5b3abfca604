import { Suspense } from 'react';
import { BrowserRouter, useRoutes } from 'react-router';
import { routes } from './routes.tsx';
import { RouterNavigation } from './RouterNavigation.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';
import { prepareRoute } from './prepareRoute.ts';
import { setScreenPreparer } from './screenPrep.ts';
import { SessionProvider, type Session } from './session.tsx';

export { prepareRoute };

setScreenPreparer((path, session) => {
  const url = new URL(path, window.location.origin);
  return prepareRoute(url.pathname, session, url.search, { codeOnly: session === null });
});

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Everything inside the router; tests mount it in a MemoryRouter. Until the first locale chunk arrives
 * there is nothing translatable to show, so the fallback is an empty, busy frame.
 */
export function AppShell({ initialSession }: { initialSession?: Session | null }) {
  return (
    <RouterNavigation>
      <SessionProvider initial={initialSession}>
        <ScrollToTop />
        <Suspense fallback={<div aria-busy="true" className="min-h-dvh" />}>
          <AppRoutes />
        </Suspense>
      </SessionProvider>
    </RouterNavigation>
  );
}

/** The router app: every route of SPEC §2 (app/routes.tsx), loaded by app/boot.tsx. */
export function App({ initialSession }: { initialSession?: Session | null }) {
  return (
    <BrowserRouter>
      <AppShell initialSession={initialSession} />
    </BrowserRouter>
  );
}
