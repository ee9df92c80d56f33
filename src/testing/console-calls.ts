import { beforeEach, vi, type MockInstance } from 'vitest';

const METHODS = ['log', 'info', 'warn', 'error', 'debug'] as const;

/**
 * Watches the browser console in each test: the function returned gives everything the test's code wrote there,
 * as one text, to search for a secret that must never be logged.
 */
export function watchConsoleInEachTest(): () => string {
  let spies: MockInstance[] = [];
  beforeEach(() => {
    spies = METHODS.map((method) => vi.spyOn(console, method));
  });
  return () => JSON.stringify(spies.flatMap((spy) => spy.mock.calls));
}
