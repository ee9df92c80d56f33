import { createHash } from 'node:crypto';
import type { Clock } from '../runtime/clock.ts';
import { LockTable } from './lock-table.ts';

export interface LockoutPolicy {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
  /** Names with failures but no lock that are remembered; past this the least recently failed is forgotten. */
  maxTracked: number;
  /** Slots of the lock table, a power of two (8 bytes each); locks are never forgotten early, whatever this is. */
  lockSlots: number;
}

export const DEFAULT_LOCKOUT: LockoutPolicy = {
  maxFailures: 10,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  maxTracked: 100_000,
  lockSlots: 2 ** 20,
};

/**
 * Failed sign-ins per account name, whatever the caller's address. Names that match no account are tracked the
 * same way, so a lock reveals nothing about whether the account exists.
 *
 * Memory is bounded whatever names callers send: locks live in a fixed LockTable (8 MiB by default), which never
 * drops a live lock however many others are made; failure counts of names not yet locked are kept for at most
 * maxTracked names, keyed by a 16-byte digest so a name's length costs nothing (some 30 MB at 100,000, as
 * `npm run bench` measures). Forgetting a count is all a flood can achieve, and it costs the flood maxTracked
 * failures to give back at most maxFailures - 1 guesses on one name.
 */
export class Lockout {
  /** Failure times per name digest, least recently failed first. */
  private readonly failures = new Map<string, number[]>();
  /** Attempts whose secret is being checked, per name digest (as many as the hash queue holds, at most). */
  private readonly inFlight = new Map<string, number>();
  private readonly locks: LockTable;

  constructor(
    private readonly clock: Clock,
    private readonly policy: LockoutPolicy = DEFAULT_LOCKOUT,
  ) {
    this.locks = new LockTable(policy.lockSlots);
  }

  /** Milliseconds until the account may try again, or 0 when it is not locked. */
  lockedFor(account: string): number {
    return Math.max(0, this.locks.lockedUntil(digest(account)) - this.clock.now());
  }

  /**
   * Starts an attempt, counted as a possible failure until `end`: returns false (as good as locked) when the
   * failures so far and the attempts in flight already reach the limit, so that parallel guesses cannot all pass.
   * The failure itself is recorded only once the secret is known to be wrong, so a right one locks nothing.
   */
  begin(account: string): boolean {
    const key = failureKey(digest(account));
    const now = this.clock.now();
    const failed = (this.failures.get(key) ?? []).filter((at) => at > now - this.policy.windowMs).length;
    const running = this.inFlight.get(key) ?? 0;
    if (failed + running >= this.policy.maxFailures) return false;
    this.inFlight.set(key, running + 1);
    return true;
  }

  /** Ends an attempt begun; its outcome is recorded apart (recordFailure or recordSuccess). */
  end(account: string) {
    const key = failureKey(digest(account));
    const running = (this.inFlight.get(key) ?? 1) - 1;
    if (running > 0) this.inFlight.set(key, running);
    else this.inFlight.delete(key);
  }

  recordFailure(account: string) {
    const now = this.clock.now();
    const name = digest(account);
    const key = failureKey(name);
    const recent = (this.failures.get(key) ?? []).filter((at) => at > now - this.policy.windowMs);
    recent.push(now);
    this.failures.delete(key);
    if (recent.length >= this.policy.maxFailures) {
      this.locks.lock(name, now + this.policy.lockMs);
      return;
    }
    this.failures.set(key, recent);
    for (const oldest of this.failures.keys()) {
      if (this.failures.size <= this.policy.maxTracked) break;
      this.failures.delete(oldest);
    }
  }

  recordSuccess(account: string) {
    this.failures.delete(failureKey(digest(account)));
  }

  /** Forgets every failure and lifts every lock; attempts in flight still end as they began. */
  clear() {
    this.failures.clear();
    this.locks.clear();
  }

  /** How long a lock lasts. */
  get lockMs(): number {
    return this.policy.lockMs;
  }

  /** Names with failures remembered and no lock. */
  get tracked(): number {
    return this.failures.size;
  }
}

function digest(account: string): Buffer {
  return createHash('sha256').update(account).digest();
}

function failureKey(name: Buffer): string {
  return name.toString('base64', 0, 16);
}
