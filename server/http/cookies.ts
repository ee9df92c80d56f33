import type { IncomingMessage } from 'node:http';

export interface CookieOptions {
  /** The path the browser sends the cookie back to (and below). */
  path: string;
  /** Lifetime in seconds; a session cookie (gone when the browser closes) when absent. */
  maxAgeSeconds?: number;
  /** Only over https. */
  secure: boolean;
}

/**
 * A cookie's value from the request, or undefined. A name can come more than once (another site on the same
 * host, or a sibling subdomain, can set one too): the first value that `accept`s (one this server would have set)
 * wins, as browsers send the most specific path first.
 */
export function readCookie(
  req: IncomingMessage,
  name: string,
  accept: (value: string) => boolean = () => true,
): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== name) continue;
    const value = pair.slice(eq + 1).trim();
    if (accept(value)) return value;
  }
  return undefined;
}

/** A `Set-Cookie` value: always HttpOnly and SameSite=Lax, so scripts cannot read it and other sites cannot post with it. */
export function setCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${value}`, `Path=${options.path}`, 'HttpOnly', 'SameSite=Lax'];
  if (options.maxAgeSeconds !== undefined)
    parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

export function clearCookie(name: string, options: Omit<CookieOptions, 'maxAgeSeconds'>): string {
  return setCookie(name, '', { ...options, maxAgeSeconds: 0 });
}

/** Whether the request reached this server over TLS. */
export function isTls(req: IncomingMessage): boolean {
  return 'encrypted' in req.socket && req.socket.encrypted === true;
}
