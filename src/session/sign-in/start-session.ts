import type { IssuedToken } from './issued-token';
import { sessionFromToken } from './session-from-token';
import { useSessionStore } from '../stores/session-store';
import type { SessionResult, SignInMethod } from '../session';

/**
 * Makes a freshly issued token the session of this tab (and, through cross-tab sync, of the others), replacing
 * any session, on whichever connection: the session belongs to the connection that issued the token.
 */
export function startSession(issued: IssuedToken, method: SignInMethod, beid?: string): SessionResult {
  const made = sessionFromToken(issued.token, method, issued.serverDate, issued.connection);
  const result = made.ok && beid ? { ok: true as const, session: { ...made.session, beid } } : made;
  if (result.ok) useSessionStore.getState().adopt(result.session);
  return result;
}
