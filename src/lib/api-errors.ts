import type { ApiErrorBody, ApiErrorCode } from '@contract/wire';

export interface RateLimitInfo {
  limit: number;
  remaining: number;
  /** When the window ends, ms since the epoch (server time). */
  resetAt: number;
}

/** What an admin reports or compares with a script: the answer's facts, never a secret. */
export interface AnswerDetails {
  /** The rate-limit key of the call, e.g. `POST auth/login`. */
  rateMethod: string;
  status: number;
  code: string | null;
  /** When the answer arrived, ms since the epoch (browser clock). */
  receivedAt: number;
  /**
   * The answer's rate-limit headers as sent (X-RateLimit-Limit, -Remaining, -Reset, Retry-After), and X-Relay-Limit
   * when one of the relay's own limits refused it.
   */
  rateLimitHeaders: [name: string, value: string][];
}

/** The server answered with a status outside 2xx. */
export class ApiHttpError extends Error {
  override readonly name = 'ApiHttpError';
  constructor(
    readonly status: number,
    /** The emulator's error code when the body had one; the real service's bodies are undocumented. */
    readonly code: ApiErrorCode | null,
    /** The server's own words, if it sent any. */
    readonly serverMessage: string | null,
    /** Whether the request carried the bearer token (a 401 means something else without one). */
    readonly withToken: boolean,
    readonly rateMethod: string,
    /** For 429: when another call may be made, ms since the epoch (browser clock). */
    readonly retryAt: number | null = null,
    readonly details: AnswerDetails | null = null,
  ) {
    super(`HTTP ${status}${code ? ` ${code}` : ''}`);
  }
}

/** The request never got an answer: the server is down, unreachable, or the connection broke. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(readonly address: string) {
    super(`Cannot reach ${address}`);
  }
}

/** Not sent: this method is rate limited until `retryAt` (browser clock). */
export class RateLimitedError extends Error {
  override readonly name = 'RateLimitedError';
  constructor(
    readonly rateMethod: string,
    readonly retryAt: number,
  ) {
    super(`Rate limited until ${new Date(retryAt).toISOString()}`);
  }
}

/** Not sent: the session's token has expired, and an expired token never leaves the browser. */
export class SessionExpiredError extends Error {
  override readonly name = 'SessionExpiredError';
  constructor() {
    super('Not sent: the token is past its expiry');
  }
}

export function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return (
    typeof body.status === 'number' && typeof body.error === 'string' && typeof body.message === 'string'
  );
}
