import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { HomePage } from '../features/home/HomePage.tsx';
import { PublicLayout } from '../features/public/PublicLayout.tsx';
import { AREAS } from './areas.ts';
import { RedirectIfSignedIn, RequireArea } from './guards.tsx';

// Everything but the home page loads on demand, so `/` only pays for itself (see docs/PERFORMANCE.md).
const OffersPage = lazy(() => import('../features/offers/OffersPage.tsx').then((m) => ({ default: m.OffersPage })));
const AboutPage = lazy(() => import('../features/about/AboutPage.tsx').then((m) => ({ default: m.AboutPage })));
const SignInPage = lazy(() => import('../features/auth/SignInPage.tsx').then((m) => ({ default: m.SignInPage })));
const SignUpPage = lazy(() => import('../features/auth/SignUpPage.tsx').then((m) => ({ default: m.SignUpPage })));
const ForgotPasswordPage = lazy(() =>
  import('../features/auth/ForgotPasswordPage.tsx').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/ResetPasswordPage.tsx').then((m) => ({ default: m.ResetPasswordPage })),
);
const StatusPage = lazy(() => import('../features/public/StatusPage.tsx').then((m) => ({ default: m.StatusPage })));
const AreaLayout = lazy(() => import('../features/areas/AreaLayout.tsx').then((m) => ({ default: m.AreaLayout })));
const AreaPageView = lazy(() =>
  import('../features/areas/AreaPageView.tsx').then((m) => ({ default: m.AreaPageView })),
);

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
