import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingIndicator } from '@/components/loading-indicator';
import { useExpiryWatch } from '@/session/expiry-watch';
import { SkipLink } from './skip-link';
import { useFocusOnNavigation } from './use-focus-on-navigation';

/**
 * Around every screen: the skip link, focus and scroll on navigation, the expiry watch, and the loading bar of
 * screens loaded on demand.
 */
export function RootLayout() {
  useExpiryWatch();
  useFocusOnNavigation();
  return (
    <>
      <SkipLink />
      <Suspense fallback={<LoadingIndicator label="Loading the screen" />}>
        <Outlet />
      </Suspense>
    </>
  );
}
