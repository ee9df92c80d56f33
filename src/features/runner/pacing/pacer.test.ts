import { describe, expect, it } from 'vitest';
import { createPacer, RESET_MARGIN_MS } from './pacer';

const T = 1_000_000;

describe('createPacer', () => {
  it('before any answer, spends the documented limit and then waits for the window it assumed', () => {
    const pacer = createPacer({ calls: 3, windowSeconds: 60, scope: 'ip' });
    for (let call = 0; call < 3; call++) {
      expect(pacer.nextCallAt()).toBeNull();
      pacer.sent(T + call);
      pacer.answered({ kind: 'silent' }, T + call);
    }
    expect(pacer.nextCallAt()).toBe(T + 60_000 + RESET_MARGIN_MS);
  });

  it('then follows each answer’s Remaining and Reset, not its own count', () => {
    const pacer = createPacer({ calls: 60, windowSeconds: 60, scope: 'ip' });
    pacer.sent(T);
    // Another job shares the limit: the answer says one call is left, the window ending in 10 s.
    pacer.answered({ kind: 'headers', limit: 60, remaining: 1, resetAt: T + 10_000 }, T);
    expect(pacer.nextCallAt()).toBeNull();
    pacer.sent(T + 100);
    pacer.answered({ kind: 'headers', limit: 60, remaining: 0, resetAt: T + 10_000 }, T + 100);
    expect(pacer.nextCallAt()).toBe(T + 10_000 + RESET_MARGIN_MS);
    // After the reset, the window is the limit's again.
    pacer.sent(T + 12_000);
    expect(pacer.nextCallAt()).toBeNull();
    expect(pacer.timeLeft(59, T + 12_000)).toBe(0);
  });

  it('waits as a 429 says, and past the margin', () => {
    const pacer = createPacer('not documented');
    pacer.sent(T);
    pacer.answered({ kind: 'refused', retryAt: T + 30_000 }, T);
    expect(pacer.nextCallAt()).toBe(T + 30_000 + RESET_MARGIN_MS);
    pacer.sent(T + 32_000);
    pacer.answered({ kind: 'headers', limit: 60, remaining: 59, resetAt: T + 92_000 }, T + 32_000);
    expect(pacer.nextCallAt()).toBeNull();
  });

  it('without a documented limit or headers, never waits', () => {
    const pacer = createPacer('not documented');
    for (let call = 0; call < 100; call++) pacer.sent(T);
    expect(pacer.nextCallAt()).toBeNull();
    expect(pacer.timeLeft(1000, T)).toBe(0);
  });

  it('tells the time left from the limit: the rest of this window, then whole windows', () => {
    const pacer = createPacer({ calls: 60, windowSeconds: 60, scope: 'ip' });
    expect(pacer.timeLeft(60, T)).toBe(0);
    pacer.sent(T);
    pacer.answered({ kind: 'headers', limit: 60, remaining: 10, resetAt: T + 20_000 }, T);
    expect(pacer.timeLeft(10, T)).toBe(0);
    expect(pacer.timeLeft(11, T)).toBe(20_000 + RESET_MARGIN_MS);
    expect(pacer.timeLeft(70, T)).toBe(20_000 + RESET_MARGIN_MS);
    expect(pacer.timeLeft(71, T)).toBe(20_000 + RESET_MARGIN_MS + 60_000 + RESET_MARGIN_MS);
  });
});
