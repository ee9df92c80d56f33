import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { SignInPage } from '@/features/password-login/components/sign-in-page';
import { NotFoundPage } from './not-found-page';
import { RequireSession } from './require-session';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';
import {
  AdminKeyRouteCode,
  DecodePageCode,
  ProfilePageCode,
  RequestsPageCode,
  SignedInLayoutCode,
  SsoCallbackPageCode,
  SsoPageCode,
  TokenPageCode,
} from './screen-code';

// Everything but the sign-in page loads on demand, so signing in fetches only what it needs.
const SignedInLayout = SignedInLayoutCode.Screen;
const AdminKeyRoute = AdminKeyRouteCode.Screen;
const ProfilePage = ProfilePageCode.Screen;
const TokenPage = TokenPageCode.Screen;
const SsoPage = SsoPageCode.Screen;
const SsoCallbackPage = SsoCallbackPageCode.Screen;
const RequestsPage = RequestsPageCode.Screen;
const DecodePage = DecodePageCode.Screen;

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
