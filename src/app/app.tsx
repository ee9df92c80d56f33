import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { startCrossTabSync } from '@/session/lifecycle/cross-tab';
import { startFollowingSession } from '@/session/lifecycle/follow-session';
import { createQueryClient } from './query-client';
import { createAppRouter } from './routing/router';
import { theme } from './theme';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  useEffect(() => {
    const stopSync = startCrossTabSync(queryClient);
    const stopFollowing = startFollowingSession(queryClient);
    return () => {
      stopSync();
      stopFollowing();
    };
  }, [queryClient]);
  return (
    <ThemeProvider theme={theme} defaultMode="system">
      <CssBaseline enableColorScheme />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
