import { retryMessage } from './retry-message';
import { useRateLimitStore } from '../stores/rate-limit-store';
import { useNow } from '../lifecycle/ticker';

export interface RateLimitWait {
  /** Whole seconds left, at least 1. */
  seconds: number;
  /** "Too many calls to this method. Try again in 26 seconds (at …)." */
  message: string;
}

/**
 * How long a rate-limited method of a connection (its base URL) must still wait, re-read from the clock every second
 * (never counted down by decrementing); null once it may be called.
 */
export function useRateLimitWait(base: string, rateMethod: string): RateLimitWait | null {
  const blockedUntil = useRateLimitStore((s) => s.blocked[base]?.[rateMethod] ?? null);
  // The clock is read only while there is a wait to show: the form is not drawn again every second for nothing.
  const browserNow = useNow(blockedUntil !== null);
  if (blockedUntil === null || blockedUntil <= browserNow) return null;
  return {
    seconds: Math.ceil((blockedUntil - browserNow) / 1000),
    message: retryMessage(blockedUntil, browserNow),
  };
}
