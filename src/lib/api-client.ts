import {
  ApiHttpError,
  NetworkError,
  RateLimitedError,
  SessionExpiredError,
  isErrorBody,
  type RateLimitInfo,
} from './api-errors';
import { now } from './clock';

export interface ApiRequest {
  method: 'GET' | 'POST';
  /** Under the connection's base URL, e.g. `/api/auth/getuser`. */
  path: string;
  body?: unknown;
  /** Send the session's bearer token when there is one (default true). */
  auth?: boolean;
  /** Send this token instead of the session's (a pasted token being verified). */
  token?: string;
  /** Instead of the connection's base URL (e.g. '' for this server's own `/relay` list). */
  base?: string;
  /** 'manual': a redirect is answered as `redirected`, not followed (loginsso without an SSO session). */
  redirect?: 'follow' | 'manual';
  signal?: AbortSignal;
}

export type ApiBody = { type: 'json'; data: unknown } | { type: 'text'; text: string } | { type: 'empty' };

export interface ApiResponse {
  status: number;
  body: ApiBody;
  /** The server's `Date` header, ms since the epoch, or null. */
  serverDate: number | null;
  rateLimit: RateLimitInfo | null;
  /** The server answered a redirect that was not followed. */
  redirected: boolean;
}

/** Rate limits per connection (its base URL: each API counts its own calls) and per method. */
export interface RateLimitBook {
  record(base: string, rateMethod: string, info: RateLimitInfo): void;
  /** Browser-clock ms until which the method must not be called on that connection, or null. */
  blockedUntil(base: string, rateMethod: string): number | null;
  block(base: string, rateMethod: string, until: number): void;
}

export interface ApiClientDeps {
  /** The active connection's base URL, e.g. `/TDWebApi`. */
  baseUrl(): string;
  session(): { token: string; expiresAt: number } | null;
  /** Server time now (browser clock corrected for skew). */
  serverNow(): number;
  rateLimits: RateLimitBook;
  fetch?: typeof fetch;
}

const GUID_SEGMENT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The key rate limits are counted by: method and path, with ids folded, e.g. `GET people/{id}`. */
export function rateMethodOf(method: string, path: string): string {
  const segments = path
    .split('?')[0]!
    .split('/')
    .filter((s) => s !== '' && s.toLowerCase() !== 'api')
    .map((s) => (GUID_SEGMENT.test(s) || /^\d+$/.test(s) ? '{id}' : s.toLowerCase()));
  return `${method} ${segments.join('/')}`;
}

const RATE_LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After'];

function rateLimitHeadersOf(headers: Headers): [string, string][] {
  return RATE_LIMIT_HEADERS.flatMap((name) => {
    const value = headers.get(name);
    return value === null ? [] : [[name, value] as [string, string]];
  });
}

function readRateLimit(headers: Headers): RateLimitInfo | null {
  const limit = Number(headers.get('X-RateLimit-Limit'));
  const remaining = Number(headers.get('X-RateLimit-Remaining'));
  const reset = Date.parse(headers.get('X-RateLimit-Reset') ?? '');
  if (!Number.isInteger(limit) || !Number.isInteger(remaining) || Number.isNaN(reset)) return null;
  if (!headers.has('X-RateLimit-Limit') || !headers.has('X-RateLimit-Remaining')) return null;
  return { limit, remaining, resetAt: reset };
}

async function readBody(response: Response): Promise<ApiBody> {
  const text = await response.text();
  if (text === '') return { type: 'empty' };
  const type = (response.headers.get('Content-Type') ?? '').toLowerCase();
  if (type.includes('json')) {
    try {
      return { type: 'json', data: JSON.parse(text) as unknown };
    } catch {
      return { type: 'text', text };
    }
  }
  return { type: 'text', text };
}

/**
 * The console's one request path. It resolves paths against the connection, sends JSON, adds the bearer token
 * only when there is one (and never an expired one), records each method's rate-limit headers, refuses to call a
 * method that is rate limited, and turns every non-2xx answer into an ApiHttpError.
 */
export function createApiClient(deps: ApiClientDeps) {
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init));

  async function send(request: ApiRequest): Promise<ApiResponse> {
    const rateMethod = rateMethodOf(request.method, request.path);
    const base = request.base ?? deps.baseUrl();
    const blockedUntil = deps.rateLimits.blockedUntil(base, rateMethod);
    if (blockedUntil !== null && blockedUntil > now()) throw new RateLimitedError(rateMethod, blockedUntil);

    const headers: Record<string, string> = { Accept: 'application/json, text/plain' };
    const session =
      request.token !== undefined
        ? { token: request.token, expiresAt: Number.POSITIVE_INFINITY }
        : request.auth === false
          ? null
          : deps.session();
    if (session) {
      if (deps.serverNow() >= session.expiresAt) throw new SessionExpiredError();
      headers.Authorization = `Bearer ${session.token}`;
    }
    let body: string | undefined;
    if (request.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
    const url = `${base}${request.path}`;
    let response: Response;
    try {
      response = await doFetch(url, {
        method: request.method,
        headers,
        body,
        signal: request.signal,
        credentials: 'same-origin',
        cache: 'no-store',
        referrerPolicy: 'no-referrer',
        redirect: request.redirect ?? 'follow',
      });
    } catch (error) {
      if (request.signal?.aborted) throw error;
      throw new NetworkError(new URL(url, globalThis.location?.href ?? 'http://localhost/').origin);
    }
    if (response.type === 'opaqueredirect') {
      return { status: 302, body: { type: 'empty' }, serverDate: null, rateLimit: null, redirected: true };
    }
    const rateLimit = readRateLimit(response.headers);
    if (rateLimit) deps.rateLimits.record(base, rateMethod, rateLimit);
    const parsed = await readBody(response);
    const serverDate = Date.parse(response.headers.get('Date') ?? '');
    if (!response.ok) {
      const errorBody = parsed.type === 'json' && isErrorBody(parsed.data) ? parsed.data : null;
      let retryAt: number | null = null;
      if (response.status === 429) {
        retryAt = retryTime(response.headers, rateLimit, Number.isNaN(serverDate) ? null : serverDate);
        deps.rateLimits.block(base, rateMethod, retryAt);
      }
      const code = errorBody?.error ?? null;
      throw new ApiHttpError(
        response.status,
        code,
        errorBody?.message ?? null,
        session !== null,
        rateMethod,
        retryAt,
        {
          rateMethod,
          status: response.status,
          code,
          receivedAt: now(),
          rateLimitHeaders: rateLimitHeadersOf(response.headers),
        },
      );
    }
    return {
      status: response.status,
      body: parsed,
      serverDate: Number.isNaN(serverDate) ? null : serverDate,
      rateLimit,
      redirected: false,
    };
  }

  return { send };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** When a rate-limited method may be called again, on the browser's clock. */
function retryTime(headers: Headers, rateLimit: RateLimitInfo | null, serverDate: number | null): number {
  const retryAfter = Number(headers.get('Retry-After'));
  if (Number.isFinite(retryAfter) && retryAfter > 0) return now() + retryAfter * 1000;
  if (rateLimit) {
    // Reset is server time; shift it by the server's clock difference when the Date header tells it.
    const skew = serverDate === null ? 0 : serverDate - now();
    return rateLimit.resetAt - skew;
  }
  return now() + 60_000;
}
