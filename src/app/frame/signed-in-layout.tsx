import { Suspense, type ComponentType } from 'react';
import { Outlet } from 'react-router';
import { LoadingIndicator } from '@/components/loading-indicator';
import { useSessionStore } from '@/session/stores/session-store';
import { AppFrame } from './app-frame';

/** Every signed-in screen, in the app frame (loaded on demand, once the router's guard has let the visit in). */
export default function SignedInLayout() {
  return (
    <AppFrame>
      {/* A screen loading on demand keeps the frame around its loading bar. */}
      <Suspense fallback={<LoadingIndicator label="Loading the screen" />}>
        <Outlet />
      </Suspense>
    </AppFrame>
  );
}

/**
 * A screen open to all (admin key, decoder): inside the app frame when signed in, with its navigation, countdown
 * and sign-out, and on its own when not.
 */
export function framedWhenSignedIn(Screen: ComponentType): ComponentType {
  return function OpenScreen() {
    const signedIn = useSessionStore((s) => s.session !== null);
    return signedIn ? (
      <AppFrame>
        <Screen />
      </AppFrame>
    ) : (
      <Screen />
    );
  };
}
