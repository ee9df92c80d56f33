import { Navigate, createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
// The table first: modules enter the first page in import order, and this order compresses best.
import { SCREEN_CODE, SIGNED_IN_LAYOUT } from './screen-code';
import { DEFAULT_PATH } from '@/lib/routes';
import { useSessionStore } from '@/session/stores/session-store';
import { RequireSession, signInRedirect } from './require-session';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';

const SignedInLayout = SIGNED_IN_LAYOUT.Screen;
const GUARD_ID = 'require-session';
const route = ({ path, code }: (typeof SCREEN_CODE)[number]): RouteObject => ({
  path,
  Component: code.Screen,
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      ...SCREEN_CODE.filter((s) => !s.signedIn).map(route),
      {
        id: GUARD_ID,
        // The guard decides from the store before the signed-in layout's code is fetched: a signed-out visit to
        // `/` loads no more than the sign-in page does.
        element: (
          <RequireSession>
            <SignedInLayout />
          </RequireSession>
        ),
        children: [
          { index: true, element: <Navigate to={DEFAULT_PATH} replace /> },
          ...SCREEN_CODE.filter((s) => s.signedIn).map(route),
        ],
      },
    ],
  },
];

/**
 * A signed-out visit to a signed-in screen (`/` included) starts at the sign-in form the guard would send it to:
 * the address is replaced before the router reads it, so the first render is the form, with no render of the guard
 * and no redirect before it (a first visit to `/` shows its form one render pass sooner).
 */
function startAtSignInWhenSignedOut() {
  const { pathname, search } = window.location;
  if (!matchRoutes(routes, pathname)?.some(({ route }) => route.id === GUARD_ID)) return;
  const to = signInRedirect(useSessionStore.getState(), `${pathname}${search}`);
  if (to) window.history.replaceState(window.history.state, '', to);
}

export function createAppRouter() {
  startAtSignInWhenSignedOut();
  return createBrowserRouter(routes);
}
