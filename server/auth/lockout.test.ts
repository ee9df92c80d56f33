import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../testing/manual-clock.ts';
import { DEFAULT_LOCKOUT, Lockout, type LockoutPolicy } from './lockout.ts';

const MINUTE = 60_000;

function lockout(policy: Partial<LockoutPolicy> = {}) {
  const clock = new ManualClock(1_000_000_000);
  return { clock, lockout: new Lockout(clock, { ...DEFAULT_LOCKOUT, ...policy }) };
}

function fail(target: Lockout, account: string, times: number) {
  for (let i = 0; i < times; i++) target.recordFailure(account);
}

describe('Lockout', () => {
  it('by default locks after 10 failures within 15 minutes, for 15 minutes', () => {
    const { clock, lockout: l } = lockout();
    fail(l, 'jdoe', 9);
    expect(l.lockedFor('jdoe')).toBe(0);
    l.recordFailure('jdoe');
    expect(l.lockedFor('jdoe')).toBe(15 * MINUTE);
    clock.advance(15 * MINUTE - 1);
    expect(l.lockedFor('jdoe')).toBe(1);
    clock.advance(1);
    expect(l.lockedFor('jdoe')).toBe(0);
  });

  it('counts only failures inside the window', () => {
    const { clock, lockout: l } = lockout();
    fail(l, 'jdoe', 9);
    clock.advance(15 * MINUTE);
    l.recordFailure('jdoe');
    expect(l.lockedFor('jdoe')).toBe(0);
    fail(l, 'jdoe', 8);
    expect(l.lockedFor('jdoe')).toBe(0);
    l.recordFailure('jdoe');
    expect(l.lockedFor('jdoe')).toBeGreaterThan(0);
  });

  it('forgets failures after a success', () => {
    const { lockout: l } = lockout();
    fail(l, 'jdoe', 9);
    l.recordSuccess('jdoe');
    fail(l, 'jdoe', 9);
    expect(l.lockedFor('jdoe')).toBe(0);
  });

  it('starts counting afresh once a lock has lifted', () => {
    const { clock, lockout: l } = lockout();
    fail(l, 'jdoe', 10);
    clock.advance(15 * MINUTE);
    l.recordFailure('jdoe');
    expect(l.lockedFor('jdoe')).toBe(0);
  });

  it('keeps accounts apart', () => {
    const { lockout: l } = lockout();
    fail(l, 'jdoe', 10);
    expect(l.lockedFor('jdoe')).toBeGreaterThan(0);
    expect(l.lockedFor('asmith')).toBe(0);
  });

  it('remembers failures for at most maxTracked names, forgetting the least recently failed', () => {
    const { lockout: l } = lockout({ maxFailures: 2, maxTracked: 3 });
    for (const name of ['a', 'b', 'c', 'd', 'e']) l.recordFailure(name);
    expect(l.tracked).toBe(3);
    // "e" is still tracked (a second failure locks it); "a" was forgotten (a second failure does not).
    l.recordFailure('e');
    expect(l.lockedFor('e')).toBeGreaterThan(0);
    l.recordFailure('a');
    expect(l.lockedFor('a')).toBe(0);
    expect(l.tracked).toBe(3);
  });

  it('keeps a live lock through 100,000 failures on made-up names, with memory bounded', () => {
    const { clock, lockout: l } = lockout();
    fail(l, 'victim', 10);
    clock.advance(MINUTE);
    for (let i = 0; i < 100_000; i++) l.recordFailure(`made-up-${i}`);
    expect(l.lockedFor('victim')).toBe(14 * MINUTE);
    expect(l.tracked).toBe(DEFAULT_LOCKOUT.maxTracked);
  }, 30_000);

  it('keeps a live lock while 10,000 made-up names are locked too, and leaves other names alone', () => {
    const { clock, lockout: l } = lockout();
    fail(l, 'victim', 10);
    for (let i = 0; i < 10_000; i++) fail(l, `made-up-${i}`, 10);
    clock.advance(MINUTE);
    expect(l.lockedFor('victim')).toBe(14 * MINUTE);
    expect(l.lockedFor('made-up-9999')).toBe(14 * MINUTE);
    expect(l.tracked).toBe(0);
    // The names are fixed and the digest unkeyed, so this is deterministic rather than probably true.
    const bystanders = Array.from({ length: 1_000 }, (_, i) => `bystander-${i}`);
    expect(bystanders.filter((name) => l.lockedFor(name) > 0)).toEqual([]);
  }, 30_000);

  it('never lifts a live lock early, however full its tables are (property)', () => {
    const policy = {
      maxFailures: 3,
      windowMs: 10 * MINUTE,
      lockMs: 5 * MINUTE,
      maxTracked: 3,
      lockSlots: 16,
    };
    const step = fc.oneof(
      fc.record({ fail: fc.integer({ min: 0, max: 8 }) }),
      fc.record({ advance: fc.integer({ min: 0, max: 3 * MINUTE }) }),
    );
    fc.assert(
      fc.property(fc.array(step, { minLength: 100, maxLength: 200 }), (steps) => {
        const { clock, lockout: l } = lockout(policy);
        const lockedUntil = new Map<string, number>();
        for (const s of steps) {
          if ('advance' in s) clock.advance(s.advance);
          else {
            const name = `name-${s.fail}`;
            const before = l.lockedFor(name);
            if (before === 0) l.recordFailure(name);
            if (before === 0 && l.lockedFor(name) === policy.lockMs) {
              lockedUntil.set(name, clock.now() + policy.lockMs);
            }
          }
          for (const [name, until] of lockedUntil) {
            if (l.lockedFor(name) < until - clock.now()) return false;
          }
        }
        return true;
      }),
      { numRuns: 100 },
    );
  }, 30_000);
});

describe('Lockout: attempts in flight', () => {
  it('a right password after nine failures locks nothing: only a failure found wrong is recorded', () => {
    const { lockout: l } = lockout();
    fail(l, 'jdoe', 9);
    expect(l.begin('jdoe')).toBe(true);
    l.end('jdoe');
    l.recordSuccess('jdoe');
    expect(l.lockedFor('jdoe')).toBe(0);
    fail(l, 'jdoe', 9);
    expect(l.lockedFor('jdoe')).toBe(0);
  });

  it('lets no more attempts start than failures are left before the lock, until they end', () => {
    const { lockout: l } = lockout();
    fail(l, 'jdoe', 8);
    expect([l.begin('jdoe'), l.begin('jdoe'), l.begin('jdoe')]).toEqual([true, true, false]);
    expect(l.begin('asmith')).toBe(true);
    l.end('jdoe');
    expect(l.begin('jdoe')).toBe(true);
    l.end('jdoe');
    l.end('jdoe');
    l.recordFailure('jdoe');
    l.recordFailure('jdoe');
    expect(l.lockedFor('jdoe')).toBe(15 * MINUTE);
  });
});
