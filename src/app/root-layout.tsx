import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingIndicator } from '@/components/loading-indicator';
import { useExpiryWatch } from '@/session/expiry-watch';

/** Around every screen: the expiry watch, and the loading bar of screens loaded on demand. */
export function RootLayout() {
  useExpiryWatch();
  return (
    <>
      <Suspense fallback={<LoadingIndicator label="Loading the screen" />}>
        <Outlet />
      </Suspense>
    </>
  );
}
