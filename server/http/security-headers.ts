/** The headers on every answer, including those Node writes itself for bytes that never became a request. */
const ALWAYS: Record<string, string> = {
  'Content-Security-Policy': [
    "default-src 'self'",
    "script-src 'self'",
    // MUI's emotion injects <style> elements at run time; scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/**
 * Browsers honour Strict-Transport-Security only over https, so it is sent only when browsers reach this server so:
 * Node serves TLS itself, or a proxy in front of it does (PUBLIC_ORIGIN is https).
 */
export function securityHeaders(https: boolean): Record<string, string> {
  return https ? { ...ALWAYS, 'Strict-Transport-Security': 'max-age=31536000' } : ALWAYS;
}

/**
 * For the tenant's content served from this origin, relayed (`/relay/<name>/…`) or replayed from a recording: should
 * a browser ever open one as a page, it gets no script, no plugin, no frame and a sandbox, so tenant content can
 * never act with this origin's rights.
 */
export const TENANT_CONTENT_CSP = [
  "default-src 'none'",
  "script-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  'sandbox',
].join('; ');
