/**
 * The session room (`src/session/`) owns this tab's signed-in state and what keeps it true: what a session is
 * (here: its shape, and what its token alone decides), its stores (`stores/`: the session, the chosen connection,
 * the rate limits seen, how SSO's last sign-out went), the connections a sign-in may pick from (`connections/`), how
 * every sign-in starts one and where it goes next (`sign-in/`: `useSignIn`, the SSO redirect), how one ends on its own
 * (`lifecycle/`: expiry, other tabs), what a failure means for it (`errors/`: the one error policy, failures in
 * words), and the one API client wired to it (`client/`). It knows no screen.
 */
import type { Connection } from '@/lib/connection';
import { decodeToken, type TokenClaims } from '@/lib/jwt';

export type SignInMethod = 'password' | 'admin-key' | 'sso' | 'pasted';

/** How each sign-in method is named on screen, as a person would write it. */
export const SIGN_IN_METHOD_LABELS: Record<SignInMethod, string> = {
  password: 'Password',
  'admin-key': 'Admin key',
  sso: 'Single sign-on',
  pasted: 'Single sign-on, pasted token',
};

export interface Session {
  token: string;
  header: Record<string, unknown>;
  claims: TokenClaims;
  username: string;
  method: SignInMethod;
  /** Browser-clock ms when the token arrived. */
  obtainedAt: number;
  /** Server clock minus browser clock, ms. */
  clockOffsetMs: number;
  /** Server-clock ms. */
  expiresAt: number;
  /** Where the token came from, and so where every call with it goes. */
  connection: Connection;
  /** The organization an admin-key session signed in with (not a secret: the key is never kept). */
  beid?: string;
}

export type SessionResult = { ok: true; session: Session } | { ok: false; message: string };

/** What of a session its token alone decides. */
export type TokenPart = Pick<Session, 'token' | 'header' | 'claims' | 'username' | 'expiresAt'>;

/**
 * The part of a session read from its token, and the token's nbf; null when it is not a JWT with an expiry. For a
 * fresh token (`sessionFromToken`) and for one restored from storage alike, so that nothing a token says is ever
 * taken from anywhere else.
 */
export function tokenPart(token: string): { part: TokenPart; notBefore: number | null } | null {
  const decoded = decodeToken(token);
  if (decoded?.expiresAt == null) return null;
  const { header, claims, expiresAt, notBefore } = decoded;
  const username = typeof claims.unique_name === 'string' ? claims.unique_name : '';
  return { part: { token, header, claims, username, expiresAt }, notBefore };
}
