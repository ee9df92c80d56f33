import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingIndicator } from '@/components/loading-indicator';
import { PreloadScreenContext } from '@/lib/preload-screen';
import { useExpiryWatch } from '@/session/lifecycle/expiry-watch';
import { NavItemsContext } from '../frame/nav-items';
import { preloadScreen } from './screen-code';
import { SCREENS } from './screens';
import { SkipLink } from '../frame/skip-link';
import { useFocusOnNavigation } from './use-focus-on-navigation';

const NAV_ITEMS = SCREENS.filter((s) => s.nav);

/**
 * Around every screen: the skip link, focus and scroll on navigation, the expiry watch, the loading bar of
 * screens loaded on demand, and what screens learn of the route table (its preloads, its navigation).
 */
export function RootLayout() {
  useExpiryWatch();
  useFocusOnNavigation();
  return (
    <PreloadScreenContext value={preloadScreen}>
      <NavItemsContext value={NAV_ITEMS}>
        <SkipLink />
        <Suspense fallback={<LoadingIndicator label="Loading the screen" />}>
          <Outlet />
        </Suspense>
      </NavItemsContext>
    </PreloadScreenContext>
  );
}
