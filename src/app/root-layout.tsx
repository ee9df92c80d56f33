import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useExpiryWatch } from '@/session/expiry-watch';

/** Around every screen: the expiry watch, and the loading bar of screens loaded on demand. */
export function RootLayout() {
  useExpiryWatch();
  return (
    <>
      <Suspense fallback={<div role="progressbar" aria-label="Loading" />}>
        <Outlet />
      </Suspense>
    </>
  );
}
