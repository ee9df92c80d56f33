import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingIndicator } from '@/components/loading-indicator';
import { useSessionStore } from '@/session/stores/session-store';
import AdminKeyPage from '@/features/admin-key/components/admin-key-page';
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

/** The admin-key screen is open to all: inside the app frame when signed in, on its own when not. */
export function AdminKeyRoute() {
  const signedIn = useSessionStore((s) => s.session !== null);
  return signedIn ? (
    <AppFrame>
      <AdminKeyPage />
    </AppFrame>
  ) : (
    <AdminKeyPage />
  );
}
