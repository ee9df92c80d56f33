import { decodeRepeatedly } from '../http/decode.ts';

const MAX_LENGTH = 2048;
const PROBE_ORIGIN = 'http://console.invalid';
// Backslashes (read as slashes by browsers), whitespace (tabs and newlines are dropped from URLs) and controls.
const UNSAFE = /[\\\s\p{Cc}]/u;

function isSinglySlashed(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !UNSAFE.test(path);
}

/**
 * The console path to send the browser to after single sign-on: a same-origin path with one leading slash, or
 * `/` for anything that could lead elsewhere (other hosts, schemes, backslashes, whitespace, or any of these
 * hidden behind percent-encoding or dot segments).
 */
export function safeReturnTo(raw: string): string {
  if (raw.length === 0 || raw.length > MAX_LENGTH || !isSinglySlashed(raw)) return '/';
  const decoded = decodeRepeatedly(raw, 4);
  if (decoded === null || !isSinglySlashed(decoded)) return '/';
  const url = resolve(raw);
  const plain = resolve(decoded);
  if (!url || !plain || url.pathname.startsWith('//') || plain.pathname.startsWith('//')) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The path as a browser resolves it on this origin (dot segments removed), or null if it would leave. */
function resolve(path: string): URL | null {
  try {
    const url = new URL(path, PROBE_ORIGIN);
    return url.origin === PROBE_ORIGIN ? url : null;
  } catch {
    return null;
  }
}
