import { tokenExpired } from '../../auth/bearer.ts';
import type { Clock } from '../../runtime/clock.ts';
import { ApiError, internalError } from '../../http/errors.ts';
import { rateLimited } from '../../http/rate-limited.ts';
import type { RoutedCall } from '../../http/router.ts';
import type { RateWindow } from '../../rate-limit/limiter.ts';
import { wholeNumber } from './body.ts';

const FAULT_STATUSES = [401, 429, 500, 503] as const;
type FaultStatus = (typeof FAULT_STATUSES)[number];

/** A scripted answer for the next `times` calls of one method and path, below either API base. */
export interface Fault {
  method: 'GET' | 'POST';
  /** Lower-case, as the router gives it: `/api/auth/getuser`. */
  path: string;
  /** The answer instead of the route's; null: the route answers, after the delay. */
  status: FaultStatus | null;
  times: number;
  /** Seconds, for a 429 (its Retry-After and X-RateLimit-Reset) or a 503 (its Retry-After). */
  retryAfter: number | null;
  delayMs: number;
}

export const FAULT_PROPERTIES = ['method', 'path', 'status', 'times', 'retryAfter', 'delayMs'] as const;
const MAX_FAULTS = 100;
const MAX_TIMES = 10_000;
const MAX_DELAY_MS = 120_000;
const MAX_RETRY_AFTER = 86_400;

function bad(message: string): ApiError {
  return new ApiError(400, 'bad_request', message);
}

/** Checks a `POST /_emulator/faults` body and says exactly what is wrong with it. */
export function parseFault(body: Map<string, unknown>): Fault {
  const method = body.get('method');
  if (method !== 'GET' && method !== 'POST') throw bad('method must be "GET" or "POST".');
  const path = body.get('path');
  if (typeof path !== 'string' || !/^\/api\/[^?#\s]{1,200}$/i.test(path)) {
    throw bad('path must be a path below the API base, such as "/api/auth/getuser".');
  }
  const rawStatus = body.get('status');
  let status: FaultStatus | null = null;
  if (rawStatus !== undefined && rawStatus !== null) {
    if (!FAULT_STATUSES.includes(rawStatus as FaultStatus)) {
      throw bad(`status must be one of ${FAULT_STATUSES.join(', ')}.`);
    }
    status = rawStatus as FaultStatus;
  }
  const delayMs = wholeNumber(body, 'delayMs', 0, MAX_DELAY_MS, 0)!;
  if (status === null && delayMs === 0) throw bad('A fault needs a status, a delayMs, or both.');
  const retryAfter = wholeNumber(body, 'retryAfter', 1, MAX_RETRY_AFTER, null);
  if (retryAfter !== null && status !== 429 && status !== 503) {
    throw bad('retryAfter goes with status 429 or 503 only.');
  }
  return {
    method,
    path: path.replace(/\/+$/, '').toLowerCase(),
    status,
    times: wholeNumber(body, 'times', 1, MAX_TIMES, 1)!,
    retryAfter,
    delayMs,
  };
}

/** The faults scripted, in the order given; each answers its calls in turn, then is gone. */
export class Faults {
  private readonly list: Fault[] = [];

  add(fault: Fault) {
    if (this.list.length >= MAX_FAULTS) {
      throw bad(`At most ${MAX_FAULTS} faults may wait at once; DELETE /_emulator/faults clears them.`);
    }
    this.list.push(fault);
  }

  /** Forgets every fault; returns how many there were. */
  clear(): number {
    return this.list.splice(0).length;
  }

  get pending(): readonly Fault[] {
    return this.list.map((fault) => ({ ...fault }));
  }

  /** The first fault waiting for this call, used up by one; undefined when none. */
  take(method: string, path: string): Fault | undefined {
    const index = this.list.findIndex((fault) => fault.method === method && fault.path === path);
    if (index < 0) return undefined;
    const fault = this.list[index]!;
    fault.times--;
    if (fault.times === 0) this.list.splice(index, 1);
    return fault;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The router's intercept: a call with a fault waiting is delayed and answered as the real service answers in
 * that situation (the emulator's own 401, 429 and 500), then normal service resumes.
 */
export function faultIntercept(faults: Faults, clock: Clock, fallbackWindow: RateWindow) {
  return async (call: RoutedCall) => {
    const fault = faults.take(call.method, call.path);
    if (!fault) return;
    if (fault.delayMs > 0) await delay(fault.delayMs);
    switch (fault.status) {
      case null:
        return;
      case 401:
        throw tokenExpired();
      case 429: {
        const window = call.window ?? fallbackWindow;
        const seconds = fault.retryAfter ?? window.windowMs / 1000;
        const decision = {
          allowed: false,
          limit: window.limit,
          remaining: 0,
          resetAt: clock.now() + seconds * 1000,
        };
        throw rateLimited(call.res, decision, window, seconds);
      }
      case 500:
        throw internalError();
      case 503:
        throw new ApiError(
          503,
          'service_unavailable',
          'The service is unavailable. Try again later.',
          fault.retryAfter === null ? {} : { 'Retry-After': String(fault.retryAfter) },
        );
    }
  };
}
