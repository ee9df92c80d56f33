import { Suspense } from 'react';
import { Outlet } from 'react-router';
import LinearProgress from '@mui/material/LinearProgress';
import { useExpiryWatch } from '@/session/expiry-watch';

/** Around every screen: the expiry watch, and the loading bar of screens loaded on demand. */
export function RootLayout() {
  useExpiryWatch();
  return (
    <>
      <Suspense fallback={<LinearProgress aria-label="Loading" />}>
        <Outlet />
      </Suspense>
    </>
  );
}
