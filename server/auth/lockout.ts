import type { Clock } from '../clock.ts';

export interface LockoutPolicy {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
  /** Bound on tracked accounts, so a flood of made-up names cannot grow memory without limit. */
  maxTracked: number;
}

export const DEFAULT_LOCKOUT: LockoutPolicy = {
  maxFailures: 10,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  maxTracked: 100_000,
};

interface Entry {
  failures: number[];
  lockedUntil: number;
}

/**
 * Failed sign-ins per account name, whatever the caller's address. Names that match no account are tracked the
 * same way, so a lock reveals nothing about whether the account exists.
 */
export class Lockout {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly clock: Clock,
    private readonly policy: LockoutPolicy = DEFAULT_LOCKOUT,
  ) {}

  /** Milliseconds until the account may try again, or 0 when it is not locked. */
  lockedFor(account: string): number {
    const entry = this.entries.get(account);
    if (!entry) return 0;
    return Math.max(0, entry.lockedUntil - this.clock.now());
  }

  recordFailure(account: string) {
    const now = this.clock.now();
    const entry = this.entries.get(account) ?? { failures: [], lockedUntil: 0 };
    entry.failures = entry.failures.filter((at) => at > now - this.policy.windowMs);
    entry.failures.push(now);
    if (entry.failures.length >= this.policy.maxFailures) {
      entry.lockedUntil = now + this.policy.lockMs;
      entry.failures = [];
    }
    this.entries.delete(account);
    this.entries.set(account, entry);
    if (this.entries.size > this.policy.maxTracked) this.prune(now);
  }

  recordSuccess(account: string) {
    this.entries.delete(account);
  }

  get size(): number {
    return this.entries.size;
  }

  private prune(now: number) {
    for (const [account, entry] of this.entries) {
      const stale =
        entry.lockedUntil <= now && entry.failures.every((at) => at <= now - this.policy.windowMs);
      if (stale) this.entries.delete(account);
    }
    // Still too many: drop the least recently failed (the map keeps insertion order, refreshed on each failure).
    for (const account of this.entries.keys()) {
      if (this.entries.size <= this.policy.maxTracked) break;
      this.entries.delete(account);
    }
  }
}
