import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSessionStore, type SessionState } from '@/session/stores/session-store';
import { signInPathFor } from '@/session/sign-in/sign-in-paths';

/**
 * Where a visit to a signed-in screen (`returnTo`, with its query) goes without a session: to sign-in, coming back
 * there afterwards. A session that expired (or that the server ended) sends its person to the form of the method it
 * was made with. Null with a session: the visit stays.
 */
export function signInRedirect(
  { session, endedSession }: Pick<SessionState, 'session' | 'endedSession'>,
  returnTo: string,
): string | null {
  return session ? null : signInPathFor(returnTo, endedSession?.method);
}

/** The guard of every signed-in screen; the router's first location was already decided the same way. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSessionStore((s) => s.session);
  const endedSession = useSessionStore((s) => s.endedSession);
  const { pathname, search } = useLocation();
  const to = signInRedirect({ session, endedSession }, `${pathname}${search}`);
  if (to) return <Navigate to={to} replace />;
  return children;
}
