import { httpDate, type Clock } from '../runtime/clock.ts';
import { ApiError } from '../http/errors.ts';
import { retryAfterSeconds } from '../http/rate-limited.ts';

/**
 * The longest the relay holds a method back on the tenant's word: its windows are 60 s, so a reset further
 * ahead, in the past (clocks apart) or unreadable cannot lock a method for longer than one window.
 */
const MAX_HOLD_MS = 60_000;

/** Methods held back at once, beyond which the oldest are forgotten (and merely asked of the tenant again). */
const MAX_HELD = 10_000;

interface Hold {
  until: number;
  /** The tenant's X-RateLimit-Limit, when it gave a whole number. */
  limit: string | undefined;
  host: string;
}

/**
 * Methods the tenant said it will refuse until a reset (`X-RateLimit-Remaining: 0`): the relay sends them no
 * more until then, for anyone, and answers a local 429 in the tenant's own terms instead.
 */
export class TenantExhaustion {
  private readonly held = new Map<string, Hold>();

  constructor(private readonly clock: Clock) {}

  /** Takes note of a tenant answer's rate-limit headers for the method `key` (tenant name and method). */
  heard(key: string, host: string, headers: Record<string, string>) {
    if (headers['X-RateLimit-Remaining']?.trim() !== '0') return;
    const now = this.clock.now();
    const reset = Date.parse(headers['X-RateLimit-Reset'] ?? '');
    const until = reset > now ? Math.min(reset, now + MAX_HOLD_MS) : now + MAX_HOLD_MS;
    const limit = headers['X-RateLimit-Limit']?.trim();
    this.held.delete(key);
    this.held.set(key, { until, limit: limit && /^\d{1,9}$/.test(limit) ? limit : undefined, host });
    this.forgetPast(now);
  }

  /** Throws the local 429 while the method `key` is held back. */
  enforce(key: string) {
    const hold = this.held.get(key);
    if (!hold) return;
    const now = this.clock.now();
    if (hold.until <= now) {
      this.held.delete(key);
      return;
    }
    const seconds = retryAfterSeconds(hold.until, now);
    throw new ApiError(
      429,
      'rate_limited',
      `The tenant ${hold.host} said no calls of this method remain before its reset, so the relay sends it none until then. Try again in ${seconds} seconds.`,
      {
        ...(hold.limit === undefined ? {} : { 'X-RateLimit-Limit': hold.limit }),
        'X-RateLimit-Remaining': '0',
        'X-RateLimit-Reset': httpDate(hold.until),
        'Retry-After': String(seconds),
      },
    );
  }

  private forgetPast(now: number) {
    for (const [key, hold] of this.held) {
      if (this.held.size <= MAX_HELD && hold.until > now) break;
      this.held.delete(key);
    }
  }
}
