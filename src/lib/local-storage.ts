/**
 * This browser's localStorage for what holds nothing secret, guarded: a browser may refuse storage (private mode,
 * quota), and then a write says so instead of throwing.
 */
export function storeText(key: string, text: string): boolean {
  try {
    localStorage.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

/** The text kept under `key`, or null when there is none or storage is refused. */
export function readText(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
