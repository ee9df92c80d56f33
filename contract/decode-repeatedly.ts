/**
 * Percent-decodes until nothing changes, so that `%252e` is judged as the `.` something downstream may end up
 * seeing; null for a malformed escape or for more layers than any honest client sends.
 */
export function decodeRepeatedly(text: string, maxRounds = 5): string | null {
  let current = text;
  for (let round = 0; round < maxRounds; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}
