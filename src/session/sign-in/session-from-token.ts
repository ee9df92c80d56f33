import { now } from '@/lib/clock';
import { EMULATOR, type Connection } from '@/lib/connection';
import { decodeToken } from '@/lib/jwt';
import { tokenPart, type SessionResult, type SignInMethod } from '../session';

/**
 * Builds a session from a freshly issued token. The skew between the browser's clock and the server's comes from
 * the answer's Date header or the token's nbf (both the server's "now" truncated to the second), whichever is later.
 * `receivedAt` is the browser's time when the answer arrived (a test that builds the session outside the page
 * passes the page's).
 */
export function sessionFromToken(
  token: string,
  method: SignInMethod,
  serverDate: number | null,
  connection: Connection = EMULATOR,
  receivedAt: number = now(),
): SessionResult {
  const read = tokenPart(token);
  if (!read) {
    const message = decodeToken(token)
      ? 'The token has no valid expiry (exp).'
      : 'The server did not answer a JWT.';
    return { ok: false, message };
  }
  // A pasted token's nbf is when it was issued, not now: only the verifying answer's Date header tells the time.
  const serverSeen = method === 'pasted' ? (serverDate ?? 0) : Math.max(serverDate ?? 0, read.notBefore ?? 0);
  // Both sources are truncated to whole seconds: add half a second to centre the estimate.
  const clockOffsetMs = serverSeen > 0 ? serverSeen + 500 - receivedAt : 0;
  if (read.part.expiresAt <= receivedAt + clockOffsetMs)
    return { ok: false, message: 'The token has already expired.' };
  return {
    ok: true,
    session: { ...read.part, method, obtainedAt: receivedAt, clockOffsetMs, connection },
  };
}
