import { decodeRepeatedly } from './decode-repeatedly.ts';

/**
 * The one rule for where to send a browser after signing in, used by the console (`returnTo` of its screens) and
 * by the server (`loginsso?returnTo=`): a same-origin path with a single leading slash, or null. Refused: other
 * hosts (`//evil.com`, absolute URLs), schemes (`javascript:`), backslashes (read as slashes by browsers),
 * whitespace and control characters (browsers drop tabs and newlines from URLs), the same hidden behind up to four
 * layers of percent-encoding (more layers, or a malformed escape, are refused outright) or behind dot segments.
 * Pure (no DOM), so the server imports it as it imports wire.ts.
 */
const MAX_LENGTH = 2048;
const MAX_DECODING_ROUNDS = 4;
const PROBE_ORIGIN = 'http://console.invalid';
const UNSAFE = /[\\\s\p{Cc}]/u;

function isSinglySlashed(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !UNSAFE.test(path);
}

/** The path as a browser resolves it on this origin (dot segments removed), or null if it would leave. */
function resolved(path: string): URL | null {
  try {
    const url = new URL(path, PROBE_ORIGIN);
    return url.origin === PROBE_ORIGIN && !url.pathname.startsWith('//') ? url : null;
  } catch {
    return null;
  }
}

export function safeReturnPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH || !isSinglySlashed(raw))
    return null;
  const decoded = decodeRepeatedly(raw, MAX_DECODING_ROUNDS);
  if (decoded === null || !isSinglySlashed(decoded) || !resolved(decoded)) return null;
  const url = resolved(raw);
  return url ? `${url.pathname}${url.search}${url.hash}` : null;
}
