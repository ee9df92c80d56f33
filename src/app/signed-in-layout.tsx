import { Outlet } from 'react-router';
import { useSessionStore } from '@/session/session-store';
import AdminKeyPage from '@/features/admin-key/components/admin-key-page';
import { AppFrame } from './app-frame';
import { RequireSession } from './require-session';

/** Every signed-in screen, in the app frame behind the session guard (loaded on demand with the frame). */
export default function SignedInLayout() {
  return (
    <RequireSession>
      <AppFrame>
        <Outlet />
      </AppFrame>
    </RequireSession>
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
