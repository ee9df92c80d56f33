/**
 * The lib room (`src/lib/`) owns what needs neither a session nor a screen: the one request path (here) and its
 * typed errors, the clock, JWT decoding, the GUID and token-text checks, the connections and the screens' paths,
 * code fetched once on demand. It imports nothing of the console above it.
 */
import {
  ApiHttpError,
  NetworkError,
  RateLimitedError,
  SessionExpiredError,
  isErrorBody,
  type RateLimitInfo,
} from './api-errors';
import type { ApiMethod } from '@contract/web-api/methods';
import { now } from './clock';
import { rateMethodOf } from './rate-method';
import { RELAY_LIMIT_HEADER } from '@contract/relay-answer';

export interface ApiRequest {
  method: ApiMethod;
  /** Under the connection's base URL, e.g. `/api/auth/getuser`. */
  path: string;
  body?: unknown;
  /** A JSON body sent exactly as written (already validated), instead of `body`. */
  bodyText?: string;
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

export interface ApiAnswer {
  status: number;
  body: ApiBody;
  /** The server's `Date` header, ms since the epoch, or null. */
  serverDate: number | null;
  rateLimit: RateLimitInfo | null;
  /** The server answered a redirect that was not followed. */
  redirected: boolean;
}

/** An answer as it came, whatever its status: what the Requests screen shows. */
export interface RawAnswer {
  status: number;
  /** The connection's base URL the request went to (rate limits are kept per connection). */
  base: string;
  /** The rate-limit key of the call, e.g. `GET people/{id}`. */
  rateMethod: string;
  /** From sending to the whole body read, ms (browser clock). */
  ms: number;
  /** The body's size in bytes. */
  size: number;
  headers: [name: string, value: string][];
  rateLimit: RateLimitInfo | null;
  /** When the rate-limit window resets, on the browser's clock (the server's Reset shifted by its clock difference). */
  resetAt: number | null;
  /** The body's text as it came. */
  text: string;
  body: ApiBody;
  serverDate: number | null;
  /** For a status outside 2xx: the typed error every other screen would get, for the error policy. */
  error: ApiHttpError | null;
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

/** Kept with a failure's details: the rate-limit headers, and which of the relay's own limits refused, if one did. */
const RATE_LIMIT_HEADERS = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
  RELAY_LIMIT_HEADER,
];

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

/** What the client sends as `Accept`. */
export const ACCEPT = 'application/json, text/plain';

function parseBody(text: string, headers: Headers): ApiBody {
  if (text === '') return { type: 'empty' };
  const type = (headers.get('Content-Type') ?? '').toLowerCase();
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

  /**
   * The answer as it came, whatever its status (a non-2xx one carries the typed error in `error`). Like `send`,
   * it refuses a rate-limited method and an expired token (throwing), and throws NetworkError when nothing came.
   */
  async function sendRaw(request: ApiRequest): Promise<RawAnswer & { redirected: boolean }> {
    const rateMethod = rateMethodOf(request.method, request.path);
    const base = request.base ?? deps.baseUrl();
    const blockedUntil = deps.rateLimits.blockedUntil(base, rateMethod);
    if (blockedUntil !== null && blockedUntil > now()) throw new RateLimitedError(rateMethod, blockedUntil);

    const headers: Record<string, string> = { Accept: ACCEPT };
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
    const body = request.bodyText ?? (request.body !== undefined ? JSON.stringify(request.body) : undefined);
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const url = `${base}${request.path}`;
    const startedAt = now();
    let fetched: Response;
    try {
      fetched = await doFetch(url, {
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
    // A redirect not followed comes as an opaque answer: no status, headers or body to read.
    const redirected = fetched.type === 'opaqueredirect';
    const rateLimit = readRateLimit(fetched.headers);
    if (rateLimit) deps.rateLimits.record(base, rateMethod, rateLimit);
    const bytes = new Uint8Array(await fetched.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    const parsed = parseBody(text, fetched.headers);
    const dated = Date.parse(fetched.headers.get('Date') ?? '');
    const serverDate = Number.isNaN(dated) ? null : dated;
    const answer = {
      status: redirected ? 302 : fetched.status,
      base,
      rateMethod,
      ms: now() - startedAt,
      size: bytes.byteLength,
      headers: [...fetched.headers.entries()],
      rateLimit,
      resetAt: rateLimit ? onBrowserClock(rateLimit.resetAt, serverDate) : null,
      text,
      body: parsed,
      serverDate,
      error: null,
      redirected,
    };
    if (fetched.ok || redirected) return answer;
    const errorBody = parsed.type === 'json' && isErrorBody(parsed.data) ? parsed.data : null;
    let retryAt: number | null = null;
    if (fetched.status === 429) {
      retryAt = retryTime(fetched.headers, rateLimit, serverDate);
      deps.rateLimits.block(base, rateMethod, retryAt);
    }
    const code = errorBody?.error ?? null;
    const error = new ApiHttpError(
      fetched.status,
      code,
      errorBody?.message ?? null,
      session !== null,
      rateMethod,
      retryAt,
      {
        rateMethod,
        status: fetched.status,
        code,
        receivedAt: now(),
        rateLimitHeaders: rateLimitHeadersOf(fetched.headers),
      },
    );
    return { ...answer, error };
  }

  async function send(request: ApiRequest): Promise<ApiAnswer> {
    const answer = await sendRaw(request);
    if (answer.error) throw answer.error;
    return answer;
  }

  return { send, sendRaw };
}

/** When a rate-limited method may be called again, on the browser's clock. */
function retryTime(headers: Headers, rateLimit: RateLimitInfo | null, serverDate: number | null): number {
  const retryAfter = Number(headers.get('Retry-After'));
  if (Number.isFinite(retryAfter) && retryAfter > 0) return now() + retryAfter * 1000;
  if (rateLimit) return onBrowserClock(rateLimit.resetAt, serverDate);
  return now() + 60_000;
}

/** A server-clock time on the browser's clock, shifted by the difference the answer's Date header tells. */
function onBrowserClock(serverTime: number, serverDate: number | null): number {
  const skew = serverDate === null ? 0 : serverDate - now();
  return serverTime - skew;
}
