import type { Clock } from './clock.ts';

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
}

interface Counter {
  count: number;
  resetAt: number;
}

/** Fixed-window call counters per method and caller address, as the real service counts them. */
export class RateLimiter {
  private readonly counters = new Map<string, Counter>();
  private nextSweep = 0;

  constructor(private readonly clock: Clock) {}

  hit(method: string, caller: string, window: RateWindow): RateDecision {
    const now = this.clock.now();
    this.sweep(now, window.windowMs);
    const key = `${method}\u0000${caller}`;
    let counter = this.counters.get(key);
    if (!counter || counter.resetAt <= now) {
      counter = { count: 0, resetAt: now + window.windowMs };
      this.counters.set(key, counter);
    }
    counter.count++;
    return {
      allowed: counter.count <= window.limit,
      limit: window.limit,
      remaining: Math.max(0, window.limit - counter.count),
      resetAt: counter.resetAt,
    };
  }

  get size(): number {
    return this.counters.size;
  }

  /** Drops finished windows, at most once per window length, so memory tracks only recent callers. */
  private sweep(now: number, windowMs: number) {
    if (now < this.nextSweep) return;
    this.nextSweep = now + windowMs;
    for (const [key, counter] of this.counters) {
      if (counter.resetAt <= now) this.counters.delete(key);
    }
  }
}

// Most calls in a busy second share one window end, so its date text is made once.
let lastReset = { at: NaN, text: '' };

function resetText(resetAt: number): string {
  if (lastReset.at !== resetAt) lastReset = { at: resetAt, text: new Date(resetAt).toUTCString() };
  return lastReset.text;
}

export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(decision.limit),
    'X-RateLimit-Remaining': String(decision.remaining),
    'X-RateLimit-Reset': resetText(decision.resetAt),
  };
}
