import { lazy, useState, type ComponentType } from 'react';
import { arrived, loadOnce } from '@/lib/load-once';

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
  const fetchCode = loadOnce(load);
  const Lazy = lazy(() => fetchCode().then((component) => ({ default: component })));
  function Screen(props: P) {
    // Chosen once per mount: switching from Lazy to the loaded component later would remount the screen.
    const [Shown] = useState<ComponentType<P>>(() => arrived(fetchCode()) ?? Lazy);
    return <Shown {...props} />;
  }
  return { Screen, preload: () => fetchCode().then(() => undefined) };
}
