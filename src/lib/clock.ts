/**
 * The console's one clock. Everything that asks "what time is it" asks here, so fake timers (Vitest) and
 * Playwright's page.clock move all of it together.
 */
export function now(): number {
  return Date.now();
}
