import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from '../http/errors.ts';
import { enforceRateLimit, type RateLimitCheck } from '../http/rate-limited.ts';
import { rateLimitKey } from '../rate-limit/caller-key.ts';
import type { OperationLimit } from '../rate-limit/operation-limits.ts';

/**
 * The most an authorization request may carry, in its query and in its body: the provider keeps every parameter
 * of a pending sign-in for 10 minutes. A real one (client, redirect URI, scope, state, nonce, PKCE) is under 1 KB.
 */
export const MAX_IDP_REQUEST_BYTES = 4096;

/** Endpoints counted apart; any other path shares one counter, so callers cannot mint counters. */
const ENDPOINTS = new Set(['auth', 'interaction', 'token', 'jwks', 'me', 'request', '.well-known']);
const STEPS = new Set(['login', 'abort']);

/** The rate-limit counter of a provider request, e.g. `idp POST /interaction/:uid/login`. */
function idpCounter(method: string | undefined, path: string): string {
  const [first = '', ...rest] = path.split('/').filter((segment) => segment !== '');
  const endpoint = ENDPOINTS.has(first) ? first : 'other';
  const lastStep = rest.at(-1);
  const step = lastStep === undefined ? '' : STEPS.has(lastStep) ? `/:uid/${lastStep}` : '/:uid';
  const verb = method === 'HEAD' ? 'GET' : method === 'GET' || method === 'POST' ? method : 'other';
  return `idp ${verb} /${endpoint}${step}`;
}

export interface IdpGuard extends RateLimitCheck {
  /** The emulator's own limit (the provider is no operation of the Web API), or RATE_LIMIT's. */
  window: OperationLimit;
}

/**
 * Checked before the provider sees a request: the caller's rate limit for this endpoint, then the size of what it
 * sends (the sign-in form's own body limit is readForm's). Throws the ApiError to answer.
 */
export function guardIdpRequest(
  guard: IdpGuard,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  url: URL,
  caller: string,
) {
  enforceRateLimit(res, guard, idpCounter(req.method, path), rateLimitKey(caller), guard.window);
  if (path.startsWith('/interaction/')) return;
  if (url.search.length > MAX_IDP_REQUEST_BYTES) {
    throw new ApiError(
      414,
      'bad_request',
      `The identity provider takes at most ${MAX_IDP_REQUEST_BYTES} characters of query.`,
    );
  }
  const length = Number(req.headers['content-length'] ?? 0);
  const chunked = req.headers['transfer-encoding'] !== undefined;
  if (chunked || !Number.isSafeInteger(length) || length > MAX_IDP_REQUEST_BYTES) {
    throw new ApiError(
      413,
      'payload_too_large',
      `The identity provider takes bodies of at most ${MAX_IDP_REQUEST_BYTES} bytes, with a Content-Length.`,
      { Connection: 'close' },
    );
  }
}
