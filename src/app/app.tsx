/**
 * The app room (`src/app/`) puts the console together: the providers every screen is drawn in (theme, query
 * cache), the router and its screen table (`routing/`), the signed-in frame and its navigation (`frame/`), the
 * notices, and what follows the session across tabs. Features receive what they need of it (a screen's preload,
 * the navigation's entries); nothing but `main.tsx` and tests imports it.
 */
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { startCrossTabSync } from '@/session/lifecycle/cross-tab';
import { startFollowingSession } from '@/session/lifecycle/follow-session';
import { createQueryClient } from './query-client';
import { Providers } from './providers';
import { createAppRouter } from './routing/router';

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
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
