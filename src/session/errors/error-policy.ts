import { ApiHttpError, SessionExpiredError } from '@/lib/api-errors';
import { now } from '@/lib/clock';
import { SIGN_OUT_MESSAGES } from '../sign-in/sign-out-messages';
import { describeFailure, type Failure } from './describe-failure';

export interface ErrorDecision extends Failure {
  /** The session ended; the console returns to sign-in, keeping the current path. */
  signOut: 'expired' | 'ended' | null;
}

export interface ErrorPolicyDeps {
  /** The session's token is past its expiry on the server's clock. */
  isExpired(): boolean;
  /** Which session a probe's verdict belongs to (its token), or null when signed out. */
  sessionKey(): string | null;
  /** One `getuser` with the current token: true when it works, false on a 401; throws when it cannot tell. */
  probe(): Promise<boolean>;
  signOut(reason: 'expired' | 'ended'): void;
  /** How long a finished probe's verdict stands for later failures of the same session. */
  probeMemoMs?: number;
}

/** What a probe found of the session: its token works, was refused, or could not be checked. */
type ProbeVerdict = 'valid' | 'rejected' | 'unknown';

/**
 * The one place that decides what a failed authenticated call means for the session. A 401 after expiry is an
 * expired session; a 401 before it is either no permission or a session that ended, and one shared `getuser` probe
 * tells which, however many calls failed at once. A probe that gets no answer ends nothing.
 */
export function createErrorPolicy(deps: ErrorPolicyDeps) {
  let shared: { key: string | null; verdict: Promise<ProbeVerdict>; settledAt: number | null } | null = null;

  function sharedProbe(): Promise<ProbeVerdict> {
    const key = deps.sessionKey();
    const memo = deps.probeMemoMs ?? 2000;
    const current = shared;
    if (current && current.key === key && (current.settledAt === null || now() - current.settledAt < memo)) {
      return current.verdict;
    }
    const verdict = deps.probe().then<ProbeVerdict, ProbeVerdict>(
      (ok) => (ok ? 'valid' : 'rejected'),
      () => 'unknown',
    );
    const entry = { key, verdict, settledAt: null as number | null };
    shared = entry;
    void verdict.then(() => {
      entry.settledAt = now();
    });
    return verdict;
  }

  async function decide(error: unknown): Promise<ErrorDecision> {
    const tokenRefused = error instanceof ApiHttpError && error.status === 401 && error.withToken;
    if (error instanceof SessionExpiredError || (tokenRefused && deps.isExpired())) {
      deps.signOut('expired');
      return { ...describeFailure(new SessionExpiredError()), signOut: 'expired' };
    }
    if (!tokenRefused) return { ...describeFailure(error), signOut: null };
    const verdict = await sharedProbe();
    if (verdict === 'valid') {
      return { kind: 'forbidden', message: 'You do not have permission for this action.', signOut: null };
    }
    if (verdict === 'unknown') {
      return {
        kind: 'unknown',
        message:
          'The server refused the request, and whether your session is still valid could not be checked.',
        signOut: null,
      };
    }
    deps.signOut('ended');
    return { kind: 'expired', message: SIGN_OUT_MESSAGES.ended, signOut: 'ended' };
  }

  return { decide };
}
