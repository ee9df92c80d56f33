import { lazy, useState, type ComponentType } from 'react';

interface OnDemand<P> {
  /** The screen, drawn at once when its code is already here, else through lazy() and its Suspense fallback. */
  Screen: ComponentType<P>;
  /** Fetches the code now, once however often asked. */
  preload: () => Promise<void>;
}

/**
 * A screen whose code is fetched on demand. lazy() alone suspends on its first render even when the code has
 * arrived, which shows the loading state for a moment; a screen fetched ahead of its navigation is drawn straight.
 */
function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): OnDemand<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const fetchCode = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(() => fetchCode().then((component) => ({ default: component })));
  function Screen(props: P) {
    // Chosen once per mount: switching from Lazy to the loaded component later would remount the screen.
    const [Shown] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Shown {...props} />;
  }
  return { Screen, preload: () => fetchCode().then(() => undefined) };
}

export const SignedInLayoutCode = onDemand(() => import('./signed-in-layout').then((m) => m.default));
export const AdminKeyRouteCode = onDemand(() => import('./signed-in-layout').then((m) => m.AdminKeyRoute));
export const ProfilePageCode = onDemand(() =>
  import('@/features/profile/components/profile-page').then((m) => m.default),
);
export const TokenPageCode = onDemand(() =>
  import('@/features/token/components/token-page').then((m) => m.default),
);
export const SsoPageCode = onDemand(() =>
  import('@/features/sso/components/sso-page').then((m) => m.default),
);
export const SsoCallbackPageCode = onDemand(() =>
  import('@/features/sso/components/sso-callback-page').then((m) => m.default),
);
export const RequestsPageCode = onDemand(() =>
  import('@/features/requests/components/requests-page').then((m) => m.default),
);
export const DecodePageCode = onDemand(() =>
  import('@/features/decode/components/decode-page').then((m) => m.default),
);

const BY_PATH: Record<string, OnDemand<object>[]> = {
  '/': [SignedInLayoutCode, ProfilePageCode],
  '/profile': [SignedInLayoutCode, ProfilePageCode],
  '/token': [SignedInLayoutCode, TokenPageCode],
  '/requests': [SignedInLayoutCode, RequestsPageCode],
  '/admin-key': [AdminKeyRouteCode],
  '/decode': [DecodePageCode],
};

/**
 * Fetches the code of the screen at `path` (a return path, with its query), so that a sign-in can keep its form
 * until that screen can show instead of passing through an empty loading state. Never fails: code that cannot be
 * fetched now is fetched again by the navigation, which reports the failure as usual.
 */
export async function preloadScreen(path: string): Promise<void> {
  const pathname = new URL(path, 'http://console.invalid').pathname;
  // One after the other, as the navigation would fetch them: Vitest's module runner can deadlock on two
  // concurrent imports that share modules.
  for (const code of BY_PATH[pathname] ?? []) await code.preload().catch(() => undefined);
}
