import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSessionStore } from '@/session/stores/session-store';
import { signInPathFor } from '@/session/sign-in/sign-in-paths';

/**
 * The guard of every signed-in screen: without a session, go to sign-in and come back here afterwards. A session
 * that expired (or that the server ended) sends its person to the form of the method it was made with.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSessionStore((s) => s.session);
  const ended = useSessionStore((s) => s.endedSession);
  const location = useLocation();
  if (!session)
    return <Navigate to={signInPathFor(`${location.pathname}${location.search}`, ended?.method)} replace />;
  return children;
}
