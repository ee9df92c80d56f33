import { beforeEach, vi } from 'vitest';

/**
 * Each test of the file (or of the describe block that calls this) starts with `Date` faked, at `at` when given;
 * timers stay real. The setup file puts the real clock back after each test.
 */
export function fakeDateInEachTest(at?: number) {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    if (at !== undefined) vi.setSystemTime(at);
  });
}
