import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ApiError } from '../../http/errors.ts';

const BEARER = /^Bearer +(\S+) *$/i;

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Refuses a control call without `Authorization: Bearer <EMULATOR_CONTROL_TOKEN>`; compared in constant time. */
export function checkControlToken(req: IncomingMessage, token: string) {
  const presented = BEARER.exec(req.headers.authorization ?? '')?.[1] ?? '';
  // Digests of equal length, so that neither the token's length nor its bytes show in the time taken.
  if (timingSafeEqual(digest(presented), digest(token)) && presented !== '') return;
  req.resume();
  throw new ApiError(
    401,
    'invalid_token',
    'The control API needs the header Authorization: Bearer <EMULATOR_CONTROL_TOKEN>.',
    { 'WWW-Authenticate': 'Bearer realm="emulator-control"' },
  );
}
