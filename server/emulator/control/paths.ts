/** Where the test-control API answers (EMULATOR_CONTROL=1), outside both API bases. */
export const CONTROL_PREFIX = '/_emulator';

/** Whether a lower-case path belongs to the control API, on or off. */
export function isControlPath(lower: string): boolean {
  return lower === CONTROL_PREFIX || lower.startsWith(`${CONTROL_PREFIX}/`);
}
