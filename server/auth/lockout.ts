import { createHash } from 'node:crypto';
import type { Clock } from '../clock.ts';
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
