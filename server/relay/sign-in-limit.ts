import { RELAY_LIMIT_HEADER, type RelayLimit } from '../../contract/relay-answer.ts';
import type { Clock } from '../runtime/clock.ts';
import { ApiError } from '../http/errors.ts';
import { retryAfterSeconds } from '../http/rate-limited.ts';
import { rateLimitKey } from '../rate-limit/caller-key.ts';
import { RateLimiter, rateLimitHeaders, type RateWindow } from '../rate-limit/limiter.ts';

/**
 * Calls one caller may send through the relay per tenant and rate-limited Auth method (the sign-ins and getuser):
 * a sixth of the tenant's own 60 per 60 s, which it counts for everyone behind this server together, so that no
 * one caller can spend them all.
 */
const RELAY_SIGN_IN_WINDOW: RateWindow = { limit: 10, windowMs: 60_000 };

/** The relay's own count of calls per caller, tenant and rate-limited Auth method (sign-ins and getuser). */
export class SignInLimit {
  private readonly limiter: RateLimiter;

  constructor(
    private readonly clock: Clock,
    private readonly window: RateWindow = RELAY_SIGN_IN_WINDOW,
  ) {
    this.limiter = new RateLimiter(clock);
  }

  /** Counts one call; over the limit, throws a 429 `rate_limited` with the relay's X-RateLimit-* and Retry-After. */
  enforce(tenant: string, methodKey: string, caller: string) {
    const decision = this.limiter.hit(`${tenant} ${methodKey}`, rateLimitKey(caller), this.window);
    if (decision.allowed) return;
    const seconds = retryAfterSeconds(decision.resetAt, this.clock.now());
    throw new ApiError(
      429,
      'rate_limited',
      `Too many calls of this method through this server's relay: ${decision.limit} calls of each sign-in method and of getuser are allowed to each caller per ${this.window.windowMs / 1000} seconds, so that one caller cannot use up the tenant's limit, which everyone here shares. Try again in ${seconds} seconds.`,
      {
        ...rateLimitHeaders(decision),
        'Retry-After': String(seconds),
        [RELAY_LIMIT_HEADER]: 'sign-ins' satisfies RelayLimit,
      },
    );
  }
}
