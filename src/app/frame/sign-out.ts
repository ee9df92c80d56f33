import { sharesOrigin } from '@/lib/connection';
import { useSessionStore } from '@/session/stores/session-store';
import type { Session } from '@/session/session';
import { endSingleSignOn, noSsoToEnd } from '@/features/sso/end-single-sign-on';

/**
 * The user's own sign-out: the token is dropped at once. A session that came through single sign-on on this
 * server (by redirect, or pasted from its SSO page) ends the SSO session too, or the next "Sign in with SSO" in
 * this browser would get a token without asking anyone.
 */
export function signOutOfConsole(session: Session) {
  const sso = (session.method === 'sso' || session.method === 'pasted') && sharesOrigin(session.connection);
  if (!sso) noSsoToEnd();
  useSessionStore.getState().signOut('user');
  if (sso) void endSingleSignOn(session.connection.baseUrl);
}
