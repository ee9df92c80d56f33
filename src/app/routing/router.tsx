import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
// The table first: modules enter the first page in import order, and this order compresses best.
import { SCREEN_CODE, SIGNED_IN_LAYOUT } from './screen-code';
import { DEFAULT_PATH } from '@/lib/routes';
import { RequireSession } from './require-session';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';

const SignedInLayout = SIGNED_IN_LAYOUT.Screen;
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

export function createAppRouter() {
  return createBrowserRouter(routes);
}
