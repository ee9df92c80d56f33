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
