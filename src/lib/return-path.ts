/**
 * A path to return to after signing in, or null. Only same-origin absolute paths with a single leading slash are
 * accepted: `//evil.com`, `/\evil.com`, absolute URLs, `javascript:` and their encoded or padded variants are not.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return null;
  if (raw !== raw.trim()) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must be refused
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  let decoded = raw;
  try {
    // Decode repeatedly so that %2F%2F or %5C hidden behind another layer of encoding are seen too.
    for (let i = 0; i < 3; i++) {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    }
  } catch {
    return null;
  }
  // eslint-disable-next-line no-control-regex -- as above, after decoding
  if (/[\u0000-\u001f\u007f\\]/.test(decoded) || decoded.startsWith('//') || !decoded.startsWith('/'))
    return null;
  const base = 'https://console.invalid';
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  // Dot segments can collapse into a leading `//` (`/.//evil.com`), which a browser reads as another host.
  if (url.origin !== base || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
