import { create } from 'zustand';
import type { RateLimitBook } from '@/lib/api-client';
import type { RateLimitInfo } from '@/lib/api-errors';

interface RateLimitState {
  /** The last rate-limit headers seen, per connection base (e.g. `/relay/acme`) and method (e.g. `POST auth/login`). */
  seen: Record<string, Record<string, RateLimitInfo>>;
  /** Browser-clock ms until which a method must not be called, per connection base and method. */
  blocked: Record<string, Record<string, number>>;
}

export const useRateLimitStore = create<RateLimitState>()(() => ({ seen: {}, blocked: {} }));

export const rateLimitBook: RateLimitBook = {
  record: (base, method, info) =>
    useRateLimitStore.setState((s) => ({ seen: { ...s.seen, [base]: { ...s.seen[base], [method]: info } } })),
  blockedUntil: (base, method) => useRateLimitStore.getState().blocked[base]?.[method] ?? null,
  block: (base, method, until) =>
    useRateLimitStore.setState((s) => ({
      blocked: { ...s.blocked, [base]: { ...s.blocked[base], [method]: until } },
    })),
};
