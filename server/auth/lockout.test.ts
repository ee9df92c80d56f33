import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.ts';
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

  it('tracks at most maxTracked accounts, dropping the least recently failed', () => {
    const { lockout: l } = lockout({ maxFailures: 2, maxTracked: 3 });
    for (const name of ['a', 'b', 'c', 'd', 'e']) l.recordFailure(name);
    expect(l.size).toBe(3);
    // "e" is still tracked (a second failure locks it); "a" was dropped (a second failure does not).
    l.recordFailure('e');
    expect(l.lockedFor('e')).toBeGreaterThan(0);
    l.recordFailure('a');
    expect(l.lockedFor('a')).toBe(0);
    expect(l.size).toBe(3);
  });

  it('makes room by dropping finished entries before a live lock', () => {
    const { clock, lockout: l } = lockout({
      maxFailures: 2,
      windowMs: MINUTE,
      lockMs: 10 * MINUTE,
      maxTracked: 2,
    });
    fail(l, 'victim', 2);
    clock.advance(1_000);
    l.recordFailure('stale');
    clock.advance(2 * MINUTE);
    l.recordFailure('new');
    expect(l.size).toBe(2);
    expect(l.lockedFor('victim')).toBeGreaterThan(0);
  });
});
