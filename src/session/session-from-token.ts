import { now } from '@/lib/clock';
import { EMULATOR, type Connection } from '@/lib/connection';
import { decodeToken } from '@/lib/jwt';
import type { SessionResult, SignInMethod } from './session-store';

/**
 * Builds a session from a freshly issued token. The skew between the browser's clock and the server's comes from
 * the answer's Date header or the token's nbf (both the server's "now" truncated to the second), whichever is later.
 */
export function sessionFromToken(
  token: string,
  method: SignInMethod,
  serverDate: number | null,
  connection: Connection = EMULATOR,
): SessionResult {
  const decoded = decodeToken(token);
  if (!decoded) return { ok: false, message: 'The server did not answer a JWT.' };
  if (decoded.expiresAt === null) return { ok: false, message: 'The token has no valid expiry (exp).' };
  const receivedAt = now();
  // A pasted token's nbf is when it was issued, not now: only the verifying answer's Date header tells the time.
  const serverSeen =
    method === 'pasted' ? (serverDate ?? 0) : Math.max(serverDate ?? 0, decoded.notBefore ?? 0);
  // Both sources are truncated to whole seconds: add half a second to centre the estimate.
  const clockOffsetMs = serverSeen > 0 ? serverSeen + 500 - receivedAt : 0;
  if (decoded.expiresAt <= receivedAt + clockOffsetMs)
    return { ok: false, message: 'The token has already expired.' };
  return {
    ok: true,
    session: {
      token,
      header: decoded.header,
      claims: decoded.claims,
      username: typeof decoded.claims.unique_name === 'string' ? decoded.claims.unique_name : '',
      method,
      obtainedAt: receivedAt,
      clockOffsetMs,
      expiresAt: decoded.expiresAt,
      connection,
    },
  };
}
