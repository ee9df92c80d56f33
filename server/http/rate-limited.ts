import type { ServerResponse } from 'node:http';
import type { Clock } from '../runtime/clock.ts';
import {
  rateLimitHeaders,
  type RateDecision,
  type RateLimiter,
  type RateWindow,
} from '../rate-limit/limiter.ts';
import { ApiError } from './errors.ts';
import { noteFault } from './request-notes.ts';

export interface RateLimitCheck {
  limiter: RateLimiter;
  clock: Clock;
}

function setRateLimitHeaders(res: ServerResponse, decision: RateDecision) {
  const headers = rateLimitHeaders(decision);
  for (const name in headers) res.setHeader(name, headers[name]!);
}

/** Whole seconds until `resetAt` (ms since the epoch), at least 1: what a 429's Retry-After says. */
export function retryAfterSeconds(resetAt: number, now: number): number {
  return Math.max(1, Math.ceil((resetAt - now) / 1000));
}

/**
 * Counts one call of `method` by `caller` and puts the X-RateLimit headers on the answer; over the limit, throws
 * the 429 `rate_limited` error with Retry-After.
 */
export function enforceRateLimit(
  res: ServerResponse,
  check: RateLimitCheck,
  method: string,
  caller: string,
  window: RateWindow,
) {
  const decision = check.limiter.hit(method, caller, window);
  setRateLimitHeaders(res, decision);
  if (decision.allowed) return;
  // Held by a scripted 429: the fault's own refusal, for the journal too.
  if (decision.held) noteFault(res.req);
  throw rateLimited(
    res,
    decision,
    window,
    retryAfterSeconds(decision.resetAt, check.clock.now()),
    decision.held?.withRetryAfter ?? true,
  );
}

/**
 * The emulator's 429: puts the refusing decision's X-RateLimit headers on the answer and makes the error with
 * Retry-After (also what a scripted 429 of the control API answers, which may leave Retry-After out).
 */
export function rateLimited(
  res: ServerResponse,
  decision: RateDecision,
  window: RateWindow,
  seconds: number,
  withRetryAfter = true,
): ApiError {
  setRateLimitHeaders(res, decision);
  return new ApiError(
    429,
    'rate_limited',
    `Too many calls to this method: ${decision.limit} are allowed per ${window.windowMs / 1000} seconds. Try again in ${seconds} seconds.`,
    withRetryAfter ? { 'Retry-After': String(seconds) } : {},
  );
}
