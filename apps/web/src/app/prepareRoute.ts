import { matchPath } from 'react-router';
import { i18n } from '../i18n/index.ts';
import { getToken } from '../lib/storage.ts';
import { AREAS } from './areas.ts';
import { AREA_SHELL, PAGE_PRELOAD, PUBLIC_PRELOAD } from './routePreload.ts';
import { AreaLayout, AreaPageView, SignInPage, SignUpPage } from './routes.tsx';
import type { Session } from './session.tsx';

/** The public screens app/routePreload.ts lists, by the module it names. */
const PUBLIC_PAGES: Record<string, { preload: () => Promise<void> } | undefined> = {
  'features/auth/SignInPage.tsx': SignInPage,
  'features/auth/SignUpPage.tsx': SignUpPage,
};

/** Longest before the first render waits for the screen's code and strings; after it, the screen loads as it renders. */
export const PREPARE_MAX_MS = 3_000;

/**
 * Loads what the screen at `pathname` renders first — the signed-in frame, the page switch and the page for a
 * signed-in screen, the page for sign-in and sign-up, and the locale namespaces app/routePreload.ts lists for them —
 * so its first render has everything and nothing suspends (lib/preloadable.ts: each suspension commits a loading
 * frame, and React pauses before revealing what replaces it). The files are already on their way (the inline script
 * of index.html preloads them); this only waits for them. For a signed-in screen without a `known` session it also
 * checks the stored token (app/restoreSession.ts, the check SessionProvider would make after a first render of
 * "loading") and answers the session, else null. A page may also load the reads its first render shows (`prepare` in
 * app/pages.ts; the farm map and the marketplace do), so that render is the screen as it will stay, not one of several as the answers
 * arrive. With `codeOnly` (no token yet: the sign-in page while it signs in, app/screenPrep.ts) only the code and
 * strings of a signed-in screen, no session and no reads. Never rejects; gives up after PREPARE_MAX_MS.
 */
export function prepareRoute(
  pathname: string,
  known: Session | null = null,
  search = '',
  { codeOnly = false }: { codeOnly?: boolean } = {},
): Promise<Session | null> {
  const work: Promise<unknown>[] = [];
  const namespaces: string[] = [];
  // `codeOnly`: the screen's code and strings, before there is a token (the sign-in page, while it signs in).
  const area = getToken() || codeOnly ? matchArea(pathname) : null;
  let session: Session | null = null;
  if (area && !known && !codeOnly) {
    const controller = new AbortController();
    work.push(
      import('./restoreSession.ts')
        .then(({ restoreSession }) => restoreSession(controller.signal))
        .catch((): Session => ({ status: 'anonymous' }))
        .then((answer) => (session = answer)),
    );
  }
  if (area) {
    namespaces.push(...AREA_SHELL.namespaces, ...(PAGE_PRELOAD[area.page]?.namespaces ?? []));
    work.push(
      AreaLayout.preload(),
      AreaPageView.preload()
        .then(() => import('./pages.ts'))
        .then(({ PAGES }) =>
          Promise.all([PAGES[area.page].preload(), codeOnly ? null : PAGES[area.page].prepare(search)]),
        ),
    );
  } else {
    const screen = PUBLIC_PRELOAD.find((p) => matchPath({ path: p.path, caseSensitive: false }, pathname));
    const page = screen && PUBLIC_PAGES[screen.module];
    if (screen && page) {
      namespaces.push(...screen.namespaces);
      work.push(page.preload());
    }
  }
  if (namespaces.length > 0) work.push(i18n.loadNamespaces(namespaces));
  if (work.length === 0) return Promise.resolve(null);
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    Promise.allSettled(work),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, PREPARE_MAX_MS))),
  ]).then(() => {
    clearTimeout(timer);
    return session;
  });
}

function matchArea(pathname: string) {
  for (const area of AREAS) {
    for (const route of area.routes) {
      if (matchPath({ path: `${area.base}/${route.path}`, caseSensitive: false }, pathname)) return route;
    }
  }
  return null;
}
