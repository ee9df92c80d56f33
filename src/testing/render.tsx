import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createQueryClient } from '@/app/query-client';
import { routes } from '@/app/routing/router';
import { theme } from '@/app/theme';

/**
 * Renders the console's real routes at `path` as the app does (its theme, a fresh QueryClient made like the app's,
 * one per call), in a memory router so tests can read where it navigated.
 */
export function renderRoute(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // No pause between keystrokes: typing then costs no timer turns, which matters on a busy machine.
  const user = userEvent.setup({ delay: null });
  const result = render(
    <ThemeProvider theme={theme} defaultMode="system">
      <CssBaseline enableColorScheme />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...result, queryClient, router, user };
}
