/**
 * The rate-limit room: the per-method, per-caller counters in fixed windows (bounded in memory), who counts as one
 * caller (caller-key.ts: an address, an IPv6 /64; a user or an organization for the operations limited so) and each
 * operation's limit (operation-limits.ts, from the catalog's facts). What a refusal answers is the http room's.
 */
import { httpDate, type Clock } from '../runtime/clock.ts';

export interface RateWindow {
  limit: number;
  windowMs: number;
}

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** When the current window ends, in ms since the epoch. */
  resetAt: number;
  /** Set when a hold refused the call: the hold that did. */
  held?: Hold;
}

/**
 * A caller's allowance of a method used up until a time (what a scripted 429 of the control API leaves behind, as
 * the real service's limit holds until its reset): every call until then is refused, then a new window starts.
 */
export interface Hold {
  /** When it ends, in ms since the epoch: the refusals' reset. */
  until: number;
  /** Whether its refusals say Retry-After, or only the X-RateLimit headers say when. */
  withRetryAfter: boolean;
}

interface Counter {
  count: number;
  resetAt: number;
}

/** One method's counters: callers in order of their window's start (so of its end), and the shared overflow. */
interface MethodCounters {
  callers: Map<string, Counter>;
  overflow: Counter;
}

/**
 * Callers per method that get a counter of their own within a window. At about 125 bytes a counter (as
 * `npm run bench` measures) that bounds memory to some 13 MB per rate-limited method, however many addresses
 * call (115 MB over today's nine methods). It is more than the 65,536 /64s of a /48, the largest IPv6 block a
 * single site is usually given, so one such site cannot fill it alone.
 */
export const MAX_CALLERS_PER_METHOD = 100_000;

/**
 * Fixed-window call counters per method and caller, as the real service counts them. A caller is its counter key
 * (caller-key.ts: an address as rateLimitKey gives it, a user, an organization); one method has one window.
 *
 * A caller's counter is never evicted before its window ends, so flooding from other addresses cannot reset it.
 * When a method already holds maxCallers live counters, callers without one share a single overflow counter with
 * the same limit until counters expire: a flood from more addresses than that can slow newcomers for a window, but
 * never lets anyone past the limit, and callers already counted keep their own allowance.
 */
export class RateLimiter {
  private readonly methods = new Map<string, MethodCounters>();
  /** By method and caller key; only the control API makes them, so this stays empty in service. */
  private readonly holds = new Map<string, Hold>();

  constructor(
    private readonly clock: Clock,
    private readonly maxCallers = MAX_CALLERS_PER_METHOD,
  ) {}

  hit(method: string, key: string, window: RateWindow): RateDecision {
    const now = this.clock.now();
    const counters = this.counters(method);
    // Windows end in the order they started, so the finished ones are all at the front.
    for (const [caller, counter] of counters.callers) {
      if (counter.resetAt > now) break;
      counters.callers.delete(caller);
    }
    if (this.holds.size > 0) {
      const held = this.heldOver(method, key, counters, now);
      if (held) return { allowed: false, limit: window.limit, remaining: 0, resetAt: held.until, held };
    }
    let counter = counters.callers.get(key);
    if (counter && counter.resetAt <= now) {
      // Only when the clock was set back: move it to the end, where its new window belongs.
      counters.callers.delete(key);
      counter = undefined;
    }
    if (!counter && counters.callers.size < this.maxCallers) {
      counter = { count: 0, resetAt: now + window.windowMs };
      counters.callers.set(key, counter);
    }
    if (!counter) {
      if (counters.overflow.resetAt <= now) counters.overflow = { count: 0, resetAt: now + window.windowMs };
      counter = counters.overflow;
    }
    counter.count++;
    return {
      allowed: counter.count <= window.limit,
      limit: window.limit,
      remaining: Math.max(0, window.limit - counter.count),
      resetAt: counter.resetAt,
    };
  }

  /** Refuses every call of `method` by the caller `key` until the hold ends; then its next call starts a new window. */
  hold(method: string, key: string, hold: Hold) {
    this.holds.set(`${method}\n${key}`, hold);
  }

  /** Ends every hold: the held callers' windows go on as they were counted. */
  releaseHolds() {
    this.holds.clear();
  }

  /** Forgets every counter and hold: every caller starts a new window. */
  clear() {
    this.methods.clear();
    this.holds.clear();
  }

  /** Counters held, over all methods (the overflow counters aside). */
  get size(): number {
    let size = 0;
    for (const counters of this.methods.values()) size += counters.callers.size;
    return size;
  }

  /** The hold on this method and caller key still in force; one that ended is dropped with the window it held. */
  private heldOver(method: string, key: string, counters: MethodCounters, now: number): Hold | undefined {
    const holdKey = `${method}\n${key}`;
    const hold = this.holds.get(holdKey);
    if (!hold || hold.until > now) return hold;
    this.holds.delete(holdKey);
    counters.callers.delete(key);
    return undefined;
  }

  private counters(method: string): MethodCounters {
    let counters = this.methods.get(method);
    if (!counters) {
      counters = { callers: new Map(), overflow: { count: 0, resetAt: 0 } };
      this.methods.set(method, counters);
    }
    return counters;
  }
}

// Most calls in a busy second share one window end, so its date text is made once.
let lastReset = { at: NaN, text: '' };

function resetText(resetAt: number): string {
  if (lastReset.at !== resetAt) lastReset = { at: resetAt, text: httpDate(resetAt) };
  return lastReset.text;
}

export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(decision.limit),
    'X-RateLimit-Remaining': String(decision.remaining),
    'X-RateLimit-Reset': resetText(decision.resetAt),
  };
}
