import { ApiHttpError } from '@/lib/api-errors';
import { now } from '@/lib/clock';
import type { Connection } from '@/lib/connection';
import { decodeToken } from '@/lib/jwt';
import { describeFailure } from '@/session/errors/describe-failure';
import type { IssuedToken } from '@/session/sign-in/issued-token';

/** What one connection made of a BEID and WebServicesKey. */
export type KeyOutcome =
  | { kind: 'works' | 'wrong-key' | 'inactive' | 'unreachable' | 'other'; detail: string }
  /** Not sent there: the connection belongs to another organization, and a key is its own organization's. */
  | { kind: 'skipped'; detail: string }
  /** `resetAt`: when that connection may be asked again (browser clock). */
  | { kind: 'rate-limited'; detail: string; resetAt: number };

export const OUTCOME_LABELS: Record<KeyOutcome['kind'], string> = {
  works: 'Works',
  'wrong-key': 'Wrong key',
  inactive: 'Inactive',
  unreachable: 'Unreachable',
  'rate-limited': 'Rate limited',
  other: 'Other answer',
  skipped: 'Not tested',
};

/** A connection of another organization than the chosen one's: the key is not sent there. */
export function keySkipped(connection: Connection, chosen: Connection): KeyOutcome {
  return {
    kind: 'skipped',
    detail: `Another organization (${connection.organization}; the chosen connection’s is ${chosen.organization}): the key is sent to none of its connections.`,
  };
}

/** A 200 from loginadmin: the token's user is named, the token itself is dropped here. */
export function keyWorked({ token }: IssuedToken): KeyOutcome {
  const decoded = decodeToken(token);
  if (!decoded) return { kind: 'other', detail: 'The answer was a success, but not a token.' };
  return {
    kind: 'works',
    detail: `Token for ${String(decoded.claims.unique_name ?? 'an unnamed account')} (not kept).`,
  };
}

/**
 * A failed loginadmin: 401 is a wrong BEID or key, 403 `account_inactive` an inactive organization or admin
 * account, 429 (or a wait still running) a rate limit, and no answer (or the relay's `relay_failed`, or a
 * gateway's 502/504) an unreachable connection.
 */
export function keyFailed(error: unknown): KeyOutcome {
  // The relay's `relay_failed` is a 502.
  if (error instanceof ApiHttpError && (error.status === 502 || error.status === 504)) {
    return {
      kind: 'unreachable',
      detail: error.serverMessage ?? `The gateway could not reach the service (HTTP ${error.status}).`,
    };
  }
  const failure = describeFailure(error);
  switch (failure.kind) {
    case 'invalid-credentials':
      return { kind: 'wrong-key', detail: failure.message };
    case 'inactive':
      return { kind: 'inactive', detail: failure.message };
    case 'unreachable':
      return { kind: 'unreachable', detail: failure.message };
    case 'rate-limited':
      return {
        kind: 'rate-limited',
        detail: 'Too many loginadmin calls on this connection.',
        resetAt: failure.retryAt ?? now(),
      };
    default:
      return { kind: 'other', detail: failure.message };
  }
}
