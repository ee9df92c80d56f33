import type { Connection } from '@/lib/connection';
import { sessionFromToken } from '@/session/sign-in/session-from-token';
import { useSessionStore } from '@/session/stores/session-store';
import type { Session, SignInMethod } from '@/session/session';
import { tdToken } from './tokens';

export interface TestSessionOptions {
  username?: string;
  method?: SignInMethod;
  /** When the server issued the token, server clock (default: now). */
  issuedAt?: number;
  /** The answer's Date header, if any. */
  serverDate?: number | null;
  connection?: Connection;
}

/** A session as a sign-in makes it, from a token shaped like the Web API's. */
export function testSession({
  username = 'jdoe@example.edu',
  method = 'password',
  issuedAt = Date.now(),
  serverDate = null,
  connection,
}: TestSessionOptions = {}): Session {
  const result = sessionFromToken(tdToken(username, issuedAt), method, serverDate, connection);
  if (!result.ok) throw new Error(result.message);
  return result.session;
}

/** A test session, adopted as this tab's session. */
export function signInForTest(options?: TestSessionOptions): Session {
  const session = testSession(options);
  useSessionStore.getState().adopt(session);
  return session;
}
