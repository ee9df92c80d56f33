import { lazy } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { SignInPage } from '@/features/password-login/components/sign-in-page';
import { NotFoundPage } from './not-found-page';
import { RequireSession } from './require-session';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';

// Everything but the sign-in page loads on demand, so signing in fetches only what it needs.
const SignedInLayout = lazy(() => import('./signed-in-layout'));
const AdminKeyRoute = lazy(() => import('./signed-in-layout').then((m) => ({ default: m.AdminKeyRoute })));
const ProfilePage = lazy(() => import('@/features/profile/components/profile-page'));
const TokenPage = lazy(() => import('@/features/token/components/token-page'));
const SsoPage = lazy(() => import('@/features/sso/components/sso-page'));
const SsoCallbackPage = lazy(() => import('@/features/sso/components/sso-callback-page'));
const RequestsPage = lazy(() => import('@/features/requests/components/requests-page'));
const DecodePage = lazy(() => import('@/features/decode/components/decode-page'));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/sign-in', element: <SignInPage /> },
      { path: '/admin-key', element: <AdminKeyRoute /> },
      { path: '/sso', element: <SsoPage /> },
      { path: '/sso/callback', element: <SsoCallbackPage /> },
      { path: '/decode', element: <DecodePage /> },
      {
        // The guard decides from the store before the signed-in layout's code is fetched: a signed-out visit to
        // `/` loads no more than the sign-in page does.
        element: (
          <RequireSession>
            <SignedInLayout />
          </RequireSession>
        ),
        children: [
          { index: true, element: <Navigate to="/profile" replace /> },
          { path: '/profile', element: <ProfilePage /> },
          { path: '/token', element: <TokenPage /> },
          { path: '/requests', element: <RequestsPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
