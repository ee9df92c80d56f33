import { ApiHttpError, SessionExpiredError } from '@/lib/api-errors';
import { describeFailure, type Failure } from './describe-error';

export interface ErrorDecision extends Failure {
  /** The session ended; the console returns to sign-in, keeping the current path. */
  signOut: 'expired' | 'ended' | null;
}

export interface ErrorPolicyDeps {
  /** The session's token is past its expiry on the server's clock. */
  isExpired(): boolean;
  /** One `getuser` with the current token: true when it still works. */
  probe(): Promise<boolean>;
  signOut(reason: 'expired' | 'ended'): void;
  /** How long a finished probe's answer stands for later failures. */
  probeMemoMs?: number;
}

/**
 * The one place that decides what a failed authenticated call means for the session. A 401 after expiry is an
 * expired session; a 401 before it is either "no permission" or "session ended", and one shared `getuser` probe
 * tells which, however many calls failed at once.
 */
export function createErrorPolicy(deps: ErrorPolicyDeps) {
  let probe: Promise<boolean> | null = null;
  let probedAt = 0;

  function sharedProbe(): Promise<boolean> {
    const memo = deps.probeMemoMs ?? 2000;
    if (probe && (probedAt === 0 || Date.now() - probedAt < memo)) return probe;
    probedAt = 0;
    probe = deps.probe().then(
      (ok) => ok,
      () => false,
    );
    void probe.then(() => {
      probedAt = Date.now();
    });
    return probe;
  }

  async function decide(error: unknown): Promise<ErrorDecision> {
    const failure = describeFailure(error);
    if (error instanceof SessionExpiredError) {
      deps.signOut('expired');
      return { ...failure, signOut: 'expired' };
    }
    if (!(error instanceof ApiHttpError) || error.status !== 401 || !error.withToken) {
      return { ...failure, signOut: null };
    }
    if (deps.isExpired()) {
      deps.signOut('expired');
      return { kind: 'expired', message: 'Your session has expired. Sign in again.', signOut: 'expired' };
    }
    if (await sharedProbe()) {
      return { kind: 'forbidden', message: 'You do not have permission for this action.', signOut: null };
    }
    deps.signOut('ended');
    return { kind: 'expired', message: 'Your session has ended. Sign in again.', signOut: 'ended' };
  }

  return { decide };
}

export type ErrorPolicy = ReturnType<typeof createErrorPolicy>;
