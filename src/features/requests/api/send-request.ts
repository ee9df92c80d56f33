import type { RawAnswer } from '@/lib/api-client';
import { RateLimitedError, SessionExpiredError } from '@/lib/api-errors';
import { api } from '@/session/client/api';
import type { ErrorDecision } from '@/session/errors/error-policy';
import { errorPolicy } from '@/session/client/session-error-policy';
import { rateLimitBook } from '@/session/stores/rate-limit-store';
import { authCallOf } from '@contract/web-api/auth-calls';
import type { BuiltRequest } from '../form/request-form';

export type SendOutcome =
  | { kind: 'answer'; answer: RawAnswer; decision: ErrorDecision | null }
  /** No answer; `sent` tells whether the request left at all (not when refused for a rate limit or expiry). */
  | { kind: 'failed'; decision: ErrorDecision; sent: boolean }
  /** Its person stopped waiting (`signal`): not a failure of the server, so the error policy never hears of it. */
  | { kind: 'cancelled' };

/**
 * Sends a built request through the console's one request path and hands back the answer as it came. A failure
 * (no answer, a refused token, a rate limit, an expired session) goes through the one error policy, which decides
 * what it means for the session. At 0 calls left the method waits for the window's reset: the next call could only
 * be refused.
 */
export async function sendRequest(request: BuiltRequest, signal?: AbortSignal): Promise<SendOutcome> {
  try {
    const answer = await api.sendRaw({
      ...request,
      auth: !authCallOf(request.method, request.path, 'strict').signIn,
      signal,
    });
    if (answer.rateLimit?.remaining === 0 && answer.resetAt !== null) {
      const blocked = rateLimitBook.blockedUntil(answer.base, answer.rateMethod) ?? 0;
      if (answer.resetAt > blocked) rateLimitBook.block(answer.base, answer.rateMethod, answer.resetAt);
    }
    const decision = answer.error ? await errorPolicy.decide(answer.error) : null;
    return { kind: 'answer', answer, decision };
  } catch (error) {
    if (signal?.aborted) return { kind: 'cancelled' };
    const sent = !(error instanceof RateLimitedError || error instanceof SessionExpiredError);
    return { kind: 'failed', decision: await errorPolicy.decide(error), sent };
  }
}
