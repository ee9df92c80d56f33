import { API_METHODS, isApiMethod, type ApiMethod } from '../../../contract/web-api/methods.ts';
import { isParameter } from '../../../contract/web-api/path-template.ts';
import { tokenExpired } from '../../auth/bearer.ts';
import type { Clock } from '../../runtime/clock.ts';
import { ApiError, internalError } from '../../http/errors.ts';
import { rateLimited } from '../../http/rate-limited.ts';
import { noteFault } from '../../http/request-notes.ts';
import type { RoutedCall } from '../../http/router.ts';
import type { Hold, RateLimiter } from '../../rate-limit/limiter.ts';
import type { OperationLimit } from '../../rate-limit/operation-limits.ts';
import { booleanProperty, wholeNumber } from './body.ts';

const FAULT_STATUSES = [401, 429, 500, 503] as const;
type FaultStatus = (typeof FAULT_STATUSES)[number];

/**
 * A scripted answer for the next `times` calls of one method and path, below either API base; a 429 given without
 * `times` holds: its caller's calls of that method are refused until the reset it announced.
 */
export interface Fault {
  method: ApiMethod;
  /**
   * Lower-case, decoded: `/api/auth/getuser`. A `{name}` segment stands for any value where the route takes a
   * parameter: `/api/people/{uid}` is every call of that route.
   */
  path: string;
  /** The answer instead of the route's; null: the route answers, after the delay. */
  status: FaultStatus | null;
  times: number;
  /**
   * A 429 given without `times`: it answers one call, and its caller's calls of the method after it get the
   * same 429 until its reset, by the emulator's clock, as the real service's limit does.
   */
  holds: boolean;
  /** Seconds, for a 429 (its Retry-After and X-RateLimit-Reset) or a 503 (its Retry-After). */
  retryAfter: number | null;
  /** A 429 without Retry-After: only the X-RateLimit headers say when to try again, as the vendor documents. */
  omitRetryAfter: boolean;
  delayMs: number;
}

/** What a fault's method and path must reach for it ever to fire: a route of the emulated API. */
export interface FaultTargets {
  /** The path (as its route writes it) of the route a method and decoded segments reach; throws when none does. */
  routeOf(method: string, segments: string[]): string;
  /** Every method and path a fault may name, as `GET /api/people/{uid}`, for the refusal to list. */
  operations: readonly string[];
}

export const FAULT_PROPERTIES = [
  'method',
  'path',
  'status',
  'times',
  'retryAfter',
  'omitRetryAfter',
  'delayMs',
] as const;
const MAX_FAULTS = 100;
const MAX_TIMES = 10_000;
const MAX_DELAY_MS = 120_000;
const MAX_RETRY_AFTER = 86_400;

function bad(message: string): ApiError {
  return new ApiError(400, 'bad_request', message);
}

function decodedSegments(path: string): string[] {
  try {
    return path
      .split('/')
      .filter((segment) => segment !== '')
      .map((segment) => decodeURIComponent(segment).toLowerCase());
  } catch {
    throw bad('path has a malformed percent escape.');
  }
}

/**
 * The route a fault's method and path reach, or the 400 that says why a fault there could never fire: a path the
 * emulator has no endpoint for (a typo, or a template segment where the route has none), a catalog endpoint it does
 * not emulate, or a method the endpoint does not take.
 */
function routeFor(method: string, path: string, segments: string[], targets: FaultTargets): string {
  try {
    return targets.routeOf(method, segments);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const never = `so a fault there could never fire. The emulator answers ${targets.operations.join(', ')}.`;
    if (error.code === 'method_not_allowed') {
      throw bad(`path ${path} answers ${error.headers.Allow} only, ${never}`);
    }
    if (error.code === 'not_emulated') {
      throw bad(
        `path ${path}: ${method} ${path} is an endpoint of the Web API the emulator does not emulate, ${never}`,
      );
    }
    throw bad(`path ${path}: no endpoint of the emulator has this path, ${never}`);
  }
}

interface Waiting {
  fault: Fault;
  /** The route it fires on, as the router names it. */
  route: string;
  /** Its path's segments; null where a `{name}` segment takes any value. */
  segments: (string | null)[];
}

/** Checks a `POST /_emulator/faults` body and says exactly what is wrong with it. */
function parseFault(body: Map<string, unknown>, targets: FaultTargets): Waiting {
  const method = body.get('method');
  if (!isApiMethod(method))
    throw bad(`method must be one of ${API_METHODS.map((m) => `"${m}"`).join(', ')}.`);
  const path = body.get('path');
  if (typeof path !== 'string' || !/^\/api\/[^?#\s]{1,200}$/i.test(path)) {
    throw bad('path must be a path below the API base, such as "/api/auth/getuser".');
  }
  const segments = decodedSegments(path);
  const normalized = `/${segments.join('/')}`;
  const route = routeFor(method, normalized, segments, targets);
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
  const omitRetryAfter = booleanProperty(body, 'omitRetryAfter', false)!;
  if (omitRetryAfter && status !== 429) throw bad('omitRetryAfter goes with status 429 only.');
  const times = wholeNumber(body, 'times', 1, MAX_TIMES, null);
  const fault: Fault = {
    method,
    path: normalized,
    status,
    times: times ?? 1,
    holds: status === 429 && times === null,
    retryAfter,
    omitRetryAfter,
    delayMs,
  };
  return {
    fault,
    route,
    segments: segments.map((segment) => (isParameter(segment) ? null : segment)),
  };
}

/** The faults scripted, in the order given; each answers its calls in turn, then is gone. */
export class Faults {
  private readonly list: Waiting[] = [];

  /** The limiter a holding 429 holds its caller in. */
  constructor(private readonly limiter: RateLimiter) {}

  /**
   * Checks a `POST /_emulator/faults` body against the routes it may name and adds its fault; throws the 400 that
   * says what is wrong.
   */
  add(body: Map<string, unknown>, targets: FaultTargets): Fault {
    const waiting = parseFault(body, targets);
    if (this.list.length >= MAX_FAULTS) {
      throw bad(`At most ${MAX_FAULTS} faults may wait at once; DELETE /_emulator/faults clears them.`);
    }
    this.list.push(waiting);
    return { ...waiting.fault };
  }

  /** Forgets every fault and ends the 429s they hold; returns how many faults were waiting. */
  clear(): number {
    this.limiter.releaseHolds();
    return this.list.splice(0).length;
  }

  /** Holds the caller of a call a holding 429 answered until its reset. */
  hold(call: RoutedCall, hold: Hold) {
    if (call.rateLimit) this.limiter.hold(call.rateLimit.method, call.rateLimit.key, hold);
  }

  get pending(): readonly Fault[] {
    return this.list.map(({ fault }) => ({ ...fault }));
  }

  /** The first fault waiting for this call, used up by one; undefined when none. */
  take(call: RoutedCall): Fault | undefined {
    const segments = call.path.split('/').filter((segment) => segment !== '');
    const index = this.list.findIndex(
      (waiting) =>
        waiting.fault.method === call.method &&
        waiting.route === call.route &&
        waiting.segments.every((segment, i) => segment === null || segment === segments[i]),
    );
    if (index < 0) return undefined;
    const { fault } = this.list[index]!;
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
 * that situation (the emulator's own 401, 429 and 500), then normal service resumes (after a holding 429, once its
 * reset has come).
 */
export function faultIntercept(faults: Faults, clock: Clock, fallbackWindow: OperationLimit) {
  return async (call: RoutedCall) => {
    const fault = faults.take(call);
    if (!fault) return;
    if (fault.delayMs > 0) await delay(fault.delayMs);
    if (fault.status === null) return;
    noteFault(call.req);
    switch (fault.status) {
      case 401:
        throw tokenExpired();
      case 429: {
        const window = call.rateLimit?.limit ?? fallbackWindow;
        const seconds = fault.retryAfter ?? window.windowMs / 1000;
        const decision = {
          allowed: false,
          limit: window.limit,
          remaining: 0,
          resetAt: clock.now() + seconds * 1000,
        };
        if (fault.holds)
          faults.hold(call, { until: decision.resetAt, withRetryAfter: !fault.omitRetryAfter });
        throw rateLimited(call.res, decision, window, seconds, !fault.omitRetryAfter);
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
