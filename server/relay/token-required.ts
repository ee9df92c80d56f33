import type { IncomingMessage } from 'node:http';
import { ApiError } from '../http/errors.ts';

const BEARER = /^Bearer +\S+ *$/i;

/**
 * Answers a call of a bearer-only method without a bearer token as the service would (401 with a Bearer
 * challenge), and sends it no further: the tenant would count it against the budget that everyone behind this
 * server shares, so that one caller with no token could use it up for all.
 */
export function refuseTokenless(req: IncomingMessage, needsToken: boolean) {
  if (!needsToken || BEARER.test(req.headers.authorization ?? '')) return;
  req.resume();
  throw new ApiError(
    401,
    'invalid_token',
    'This method needs an Authorization: Bearer <token> header. The relay answered for the tenant, without sending the call on.',
    { 'WWW-Authenticate': 'Bearer' },
  );
}
