import { hintOf, useSessionStore, type SignInHint } from '../stores/session-store';
import type { SignInMethod } from '../session';

/**
 * Whom a `method` form may fill in: the running session's person (signing in again before it ends), else the one
 * whose session just expired or was ended, when they signed in with that method.
 */
export function useSignInHint(method: SignInMethod): SignInHint | null {
  const session = useSessionStore((s) => s.session);
  const ended = useSessionStore((s) => s.endedSession);
  const hint = session ? hintOf(session) : ended;
  return hint?.method === method ? hint : null;
}
