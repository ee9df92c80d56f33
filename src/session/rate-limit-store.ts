import { create } from 'zustand';
import type { RateLimitBook } from '@/lib/api-client';
import type { RateLimitInfo } from '@/lib/api-errors';

interface RateLimitState {
  /** The last rate-limit headers seen, per method (e.g. `POST auth/login`). */
  seen: Record<string, RateLimitInfo>;
  /** Browser-clock ms until which a method must not be called. */
  blocked: Record<string, number>;
}

export const useRateLimitStore = create<RateLimitState>()(() => ({ seen: {}, blocked: {} }));

/** Forgets every count and block: another API keeps other counts. */
export function resetRateLimits() {
  useRateLimitStore.setState({ seen: {}, blocked: {} });
}

export const rateLimitBook: RateLimitBook = {
  record: (method, info) => useRateLimitStore.setState((s) => ({ seen: { ...s.seen, [method]: info } })),
  blockedUntil: (method) => useRateLimitStore.getState().blocked[method] ?? null,
  block: (method, until) =>
    useRateLimitStore.setState((s) => ({ blocked: { ...s.blocked, [method]: until } })),
};
