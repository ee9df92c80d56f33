import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** One answer the browser got, with the URL it asked for. */
export interface Hop {
  url: string;
  method: string;
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

interface StoredCookie {
  name: string;
  value: string;
  host: string;
  path: string;
  secure: boolean;
  expiresAt: number | null;
}

function defaultPath(pathname: string): string {
  const slash = pathname.lastIndexOf('/');
  return slash <= 0 ? '/' : pathname.slice(0, slash);
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

/**
 * A browser for server tests: keeps cookies as browsers do (by host, ignoring the port; by path, case-sensitive;
 * Secure only over https; Max-Age), records every raw Set-Cookie, and follows redirects only when told to, so a
 * test sees every hop.
 */
export class TestBrowser {
  private cookies: StoredCookie[] = [];
  /** Every Set-Cookie header received, in order, as sent. */
  readonly setCookies: string[] = [];
  /** Every URL requested, in order. */
  readonly visited: string[] = [];
  /** The Cookie header of the last request ('' when it carried none). */
  lastCookieHeader = '';

  /** `localAddress`: the loopback address this browser calls from (127.0.0.x), so a test can pick the caller. */
  constructor(private readonly options: { ca?: Buffer; localAddress?: string } = {}) {}

  get(url: string, headers: Record<string, string> = {}): Promise<Hop> {
    return this.send('GET', url, undefined, headers);
  }

  /** Posts an HTML form (application/x-www-form-urlencoded), with any headers a browser would add. */
  post(url: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Hop> {
    const body = new URLSearchParams(fields).toString();
    return this.send('POST', url, body, { 'Content-Type': 'application/x-www-form-urlencoded', ...headers });
  }

  /** Follows redirects from a hop until an answer that is not one; returns every hop after the first. */
  async follow(from: Hop, maxHops = 12): Promise<Hop[]> {
    const hops: Hop[] = [];
    let current = from;
    while (current.status >= 300 && current.status < 400 && current.headers.location) {
      if (hops.length >= maxHops) throw new Error(`more than ${maxHops} redirects from ${from.url}`);
      current = await this.get(new URL(current.headers.location, current.url).href);
      hops.push(current);
    }
    return hops;
  }

  /** GET, then follow redirects: every hop, the first included. */
  async navigate(url: string): Promise<Hop[]> {
    const first = await this.get(url);
    return [first, ...(await this.follow(first))];
  }

  cookie(name: string): string | undefined {
    return this.cookies.find((cookie) => cookie.name === name)?.value;
  }

  forget(name: string) {
    this.cookies = this.cookies.filter((cookie) => cookie.name !== name);
  }

  private cookieHeader(url: URL): string {
    const now = Date.now();
    this.cookies = this.cookies.filter((cookie) => cookie.expiresAt === null || cookie.expiresAt > now);
    return this.cookies
      .filter(
        (cookie) =>
          cookie.host === url.hostname &&
          pathMatches(url.pathname, cookie.path) &&
          (!cookie.secure || url.protocol === 'https:'),
      )
      .sort((a, b) => b.path.length - a.path.length)
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }

  private store(url: URL, header: string) {
    this.setCookies.push(header);
    const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    const cookie: StoredCookie = {
      name: pair.slice(0, eq),
      value: pair.slice(eq + 1),
      host: url.hostname,
      path: defaultPath(url.pathname),
      secure: false,
      expiresAt: null,
    };
    for (const attribute of attributes) {
      const [name = '', value = ''] = attribute.split('=');
      const key = name.toLowerCase();
      if (key === 'path' && value.startsWith('/')) cookie.path = value;
      if (key === 'secure') cookie.secure = true;
      if (key === 'max-age') cookie.expiresAt = Date.now() + Number(value) * 1000;
      if (key === 'expires' && cookie.expiresAt === null) cookie.expiresAt = Date.parse(value);
    }
    this.cookies = this.cookies.filter(
      (other) => !(other.name === cookie.name && other.host === cookie.host && other.path === cookie.path),
    );
    if (cookie.expiresAt === null || cookie.expiresAt > Date.now()) this.cookies.push(cookie);
  }

  private send(method: string, href: string, body: string | undefined, extra: Record<string, string>) {
    const url = new URL(href);
    this.visited.push(url.href);
    const headers: Record<string, string | number> = { Accept: 'text/html,*/*', ...extra };
    const cookies = this.cookieHeader(url);
    this.lastCookieHeader = cookies;
    if (cookies) headers.Cookie = cookies;
    if (body !== undefined) headers['Content-Length'] = Buffer.byteLength(body);
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<Hop>((resolve, reject) => {
      const { ca, localAddress } = this.options;
      const req = request(url, { method, headers, ca, localAddress }, (res) => {
        for (const header of res.headers['set-cookie'] ?? []) this.store(url, header);
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            url: url.href,
            method,
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  }
}
