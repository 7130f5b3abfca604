import type { Namespace } from '../i18n/index.ts';
import type { PageKey } from './pages.ts';

/**
 * What a screen needs before it is usable, started by the inline script of index.html the moment the page is
 * opened (build/route-preload.ts writes it there), instead of one step after another as the lazy chain discovers
 * it (main script → router → session check → layout → page → its strings → its data). Read at build time
 * (build/route-preload.ts), and by app/prepareRoute.ts, which waits for the screen's code and strings before the
 * app's first render.
 *
 * - `namespaces`: the locale namespaces the screen renders (their chunk in the visitor's language);
 * - `api`: GET /api paths of its first reads. `{uid}` is the signed-in user's id (the token's subject). A path
 *   starting with `!` is asked without the token (as the app asks it, `token: null`); one starting with `?` only
 *   when the address has no query string (the screen's filters live there). The app takes these answers
 *   instead of asking again (lib/early.ts), only if asked the same way within a few seconds.
 *
 * The code of each screen (its chunk and every chunk and style it imports) comes from the build itself.
 */
export interface ScreenPreload {
  namespaces: readonly Namespace[];
  api: readonly string[];
  /**
   * `namespace:key` of the screen's h1: index.html paints the screen's frame with this title before the app's code
   * has arrived (app/shellMarkup.ts, build/route-shell.ts). Only where the page's own h1 says exactly that, so the
   * title never changes under the visitor's eyes (e2e/tests/route-shell.e2e.ts checks it).
   */
  title?: `${Namespace}:${string}`;
  /**
   * The farm map: once the plan's indices (one of `api`) arrive, the inline script also asks the latest acquisition
   * over the parcel of the link (`?parcel=`) for the index the screen opens on, the read its default window and its
   * Generate button wait for (features/farm/FarmMapPage.tsx).
   */
  latestAcquisition?: true;
}

/**
 * Every signed-in screen: the session check (the profile, which carries the role and is what the sidebar shows;
 * app/restoreSession.ts), the strings of the layout, the sidebar and the header's alerts bell.
 */
export const AREA_SHELL: ScreenPreload = {
  namespaces: ['layout', 'messaging', 'alerts'],
  api: ['/users/profile'],
};

/** The screens of issue 13 §4 (weak connection); other pages get their code and the shell only. */
export const PAGE_PRELOAD: Partial<Record<PageKey, ScreenPreload>> = {
  farmMap: {
    namespaces: ['farm', 'errors', 'validation'],
    api: ['/abonnementUser/user/{uid}/status', '/indice/{uid}/indices', '/parcelle', '!/settings/public'],
    title: 'farm:title',
    latestAcquisition: true,
  },
  marketplace: {
    namespaces: ['marketplace'],
    api: ['?/publications/all?page=1&limit=12', '!/sellerRoles'],
    title: 'marketplace:list.title',
  },
};

/** Public pages reached directly (a bookmarked sign-in, a link in an e-mail): module under src/, strings, data. */
export const PUBLIC_PRELOAD: readonly (ScreenPreload & { path: string; module: string })[] = [
  {
    path: '/auth/SignIn',
    module: 'features/auth/SignInPage.tsx',
    namespaces: ['auth', 'errors', 'validation'],
    api: ['!/settings/public'],
    title: 'auth:signIn.title',
  },
  {
    path: '/auth/SignUp',
    module: 'features/auth/SignUpPage.tsx',
    namespaces: ['auth', 'errors', 'validation'],
    api: ['!/settings/public'],
    title: 'auth:signUp.title',
  },
];
