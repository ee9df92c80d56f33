import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { routes } from '@/app/routing/router';

/**
 * Renders the console's real routes at `path` inside the app's own providers (its theme, a fresh QueryClient made
 * like the app's, one per call), in a memory router so tests can read where it navigated.
 */
export function renderRoute(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // No pause between keystrokes: typing then costs no timer turns, which matters on a busy machine.
  const user = userEvent.setup({ delay: null });
  const result = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, queryClient, router, user };
}
