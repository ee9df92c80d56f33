import { lazy, useState, type ComponentType } from 'react';

export interface OnDemand<P> {
  /** The screen, drawn at once when its code is already here, else through lazy() and its Suspense fallback. */
  Screen: ComponentType<P>;
  /** Fetches the code now, once however often asked. */
  preload: () => Promise<void>;
}

/**
 * A screen whose code is fetched on demand. lazy() alone suspends on its first render even when the code has
 * arrived, which shows the loading state for a moment; a screen fetched ahead of its navigation is drawn straight.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): OnDemand<P> {
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
