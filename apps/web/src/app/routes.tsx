import { Navigate, type RouteObject } from 'react-router';
import { HomePage } from '../features/home/HomePage.tsx';
import { PublicLayout } from '../features/public/PublicLayout.tsx';
import { preloadable } from '../lib/preloadable.ts';
import { AREAS } from './areas.ts';
import { RedirectIfSignedIn, RequireArea } from './guards.tsx';

// Everything but the home page loads on demand, so `/` only pays for itself (see docs/PERFORMANCE.md); the
// screen opened directly is loaded before the first render (app/prepareRoute.ts).
const OffersPage = preloadable(() => import('../features/offers/OffersPage.tsx').then((m) => m.OffersPage));
const AboutPage = preloadable(() => import('../features/about/AboutPage.tsx').then((m) => m.AboutPage));
export const SignInPage = preloadable(() => import('../features/auth/SignInPage.tsx').then((m) => m.SignInPage));
export const SignUpPage = preloadable(() => import('../features/auth/SignUpPage.tsx').then((m) => m.SignUpPage));
const ForgotPasswordPage = preloadable(() =>
  import('../features/auth/ForgotPasswordPage.tsx').then((m) => m.ForgotPasswordPage),
);
const ResetPasswordPage = preloadable(() =>
  import('../features/auth/ResetPasswordPage.tsx').then((m) => m.ResetPasswordPage),
);
const StatusPage = preloadable(() => import('../features/public/StatusPage.tsx').then((m) => m.StatusPage));
export const AreaLayout = preloadable(() => import('../features/areas/AreaLayout.tsx').then((m) => m.AreaLayout));
export const AreaPageView = preloadable(() => import('../features/areas/AreaPageView.tsx').then((m) => m.AreaPageView));

/**
 * The route table of SPEC §2. Matching is case-insensitive (react-router's default), so /About, /about
 * and /auth/signin all resolve. Signed-in areas come from AREAS (app/areas.ts).
 */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'offre', element: <OffersPage /> },
      { path: 'about', element: <AboutPage /> },
      { path: 'unauthorized', element: <StatusPage kind="unauthorized" /> },
      {
        path: 'auth',
        children: [
          { index: true, element: <Navigate to="SignIn" replace /> },
          {
            path: 'SignIn',
            element: (
              <RedirectIfSignedIn>
                <SignInPage />
              </RedirectIfSignedIn>
            ),
          },
          {
            path: 'SignUp',
            element: (
              <RedirectIfSignedIn>
                <SignUpPage />
              </RedirectIfSignedIn>
            ),
          },
          { path: 'ForgotPassword', element: <ForgotPasswordPage /> },
          { path: 'RessetPassword', element: <ResetPasswordPage /> },
          // The SPEC's spelling is kept above; this is the spelling people type.
          { path: 'ResetPassword', element: <ResetPasswordPage /> },
        ],
      },
      { path: '*', element: <StatusPage kind="notFound" /> },
    ],
  },
  ...AREAS.map((area): RouteObject => ({
    path: area.base,
    element: (
      <RequireArea area={area.name}>
        <AreaLayout area={area} />
      </RequireArea>
    ),
    children: [
      { index: true, element: <Navigate to={area.routes[0]?.path ?? '/'} replace /> },
      ...area.routes.map((route) => ({ path: route.path, element: <AreaPageView route={route} /> })),
    ],
  })),
];
