import type { ServerResponse } from 'node:http';
import type { Clock } from '../runtime/clock.ts';
import { rateLimitHeaders, type RateDecision, type RateLimiter } from '../rate-limit/limiter.ts';
import type { LimitScope, OperationLimit } from '../rate-limit/operation-limits.ts';
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
 * Counts one call of `method` by the caller `key` (its address, user or organization, as the limit's scope says)
 * and puts the X-RateLimit headers on the answer; over the limit, throws the 429 `rate_limited` error with
 * Retry-After.
 */
export function enforceRateLimit(
  res: ServerResponse,
  check: RateLimitCheck,
  method: string,
  key: string,
  window: OperationLimit,
) {
  const decision = check.limiter.hit(method, key, window);
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

const WHO: Record<LimitScope, string> = {
  ip: 'caller address',
  user: 'user',
  organization: 'organization',
};

/** A limit in words: `10 are allowed per second for each caller address`. */
function allowance(limit: number, window: OperationLimit): string {
  const seconds = window.windowMs / 1000;
  return `${limit} are allowed per ${seconds === 1 ? 'second' : `${seconds} seconds`} for each ${WHO[window.scope]}`;
}

/**
 * The emulator's 429: puts the refusing decision's X-RateLimit headers on the answer and makes the error with
 * Retry-After (also what a scripted 429 of the control API answers, which may leave Retry-After out).
 */
export function rateLimited(
  res: ServerResponse,
  decision: RateDecision,
  window: OperationLimit,
  seconds: number,
  withRetryAfter = true,
): ApiError {
  setRateLimitHeaders(res, decision);
  return new ApiError(
    429,
    'rate_limited',
    `Too many calls to this method: ${allowance(decision.limit, window)}. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
    withRetryAfter ? { 'Retry-After': String(seconds) } : {},
  );
}
