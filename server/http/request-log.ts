import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

/** Long enough to tell routes apart; a hostile 8 KB path is not worth keeping whole. */
const MAX_PATH = 256;

/**
 * Long runs of letters and digits (both) are opaque identifiers: the identity provider's interaction ids, in its
 * paths, are also the values of its cookies.
 */
const OPAQUE = /^(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{20,}$/;
const OPAQUE_LENGTH = 20;
/** A run of OPAQUE_LENGTH characters ids are made of: a path without one has no opaque segment. */
const MAYBE_OPAQUE = /[\w-]{20}/;

/**
 * Every word of the identity provider's own routes (oidc-provider's, with this server's sign-in steps). Below
 * `/idp/` any other segment is an id (`/auth/{uid}`, `/interaction/{uid}/login`, `/reg/{clientId}`, …), whatever
 * it looks like: one in some 1,500 of the provider's ids has no digit.
 */
const PROVIDER_WORDS = new Set([
  ...['', '.', '..', '.well-known', 'openid-configuration', 'oauth-authorization-server'],
  ...['auth', 'interaction', 'login', 'abort', 'token', 'introspection', 'revocation', 'jwks', 'me'],
  ...['session', 'end', 'confirm', 'success', 'request', 'reg', 'device', 'backchannel', 'challenge'],
  'credential',
]);

/**
 * The target's path only, identifiers replaced by `:id` (below `/idp/`, every segment that is not a word of the
 * provider's routes; elsewhere, opaque-looking ones): a query can carry secrets (and codes, states), so it never
 * reaches the log.
 */
export function loggedPath(target: string | undefined): string {
  const whole = (target ?? '').split(/[?#]/, 1)[0]!;
  // Most paths have no segment long enough to be an id, and are not the provider's: kept as they are.
  if (!MAYBE_OPAQUE.test(whole) && !/^\/idp(\/|$)/i.test(whole)) {
    return whole.length > MAX_PATH ? `${whole.slice(0, MAX_PATH)}…` : whole;
  }
  const segments = whole.split('/');
  const provider = segments[0] === '' && segments[1]?.toLowerCase() === 'idp';
  const path = segments
    .map((segment, i) =>
      (provider && i > 1 && !PROVIDER_WORDS.has(segment.toLowerCase())) ||
      (segment.length >= OPAQUE_LENGTH && OPAQUE.test(segment))
        ? ':id'
        : segment,
    )
    .join('/');
  return path.length > MAX_PATH ? `${path.slice(0, MAX_PATH)}…` : path;
}

interface Pending {
  logger: Logger;
  method: string | undefined;
  path: string;
  caller: string;
  started: number;
  /** One of the console's own files (its pages, scripts, icons): a page load asks for many. */
  consoleFile: boolean;
}

/** The lines not yet written, by their answer: one listener for every answer rather than a function for each. */
const pending = new WeakMap<ServerResponse, Pending>();

/**
 * Marks an answer as one of the console's own files: its line goes at `debug` unless it failed, so that a page
 * load's requests do not bury the start's banner and the API calls among them. Called after `logRequest`.
 */
export function logAsConsoleFile(res: ServerResponse) {
  const line = pending.get(res);
  if (line) line.consoleFile = true;
}

function writeLine(this: ServerResponse) {
  const line = pending.get(this);
  if (!line) return;
  pending.delete(this);
  const status = this.headersSent ? this.statusCode : null;
  const quiet = line.consoleFile && status !== null && status < 400;
  line.logger[quiet ? 'debug' : 'info'](
    {
      method: line.method,
      path: line.path,
      status,
      ms: Math.round((performance.now() - line.started) * 10) / 10,
      caller: line.caller,
    },
    'request',
  );
}

/**
 * Logs one line when the exchange ends: method, path, status (null when the connection closed before an answer
 * began), milliseconds taken and the caller's address. Never a header, body or query value. At `info`, except a
 * console file answered without an error (`logAsConsoleFile`), at `debug`.
 */
export function logRequest(logger: Logger, req: IncomingMessage, res: ServerResponse, caller: string) {
  // The path taken now: the identity provider rewrites req.url for its own router.
  pending.set(res, {
    logger,
    method: req.method,
    path: loggedPath(req.url),
    caller,
    started: performance.now(),
    consoleFile: false,
  });
  // On close: an answer closes in the tick after it is handed to the system, or when the connection ended before
  // that. One listener, not one for finish as well: a replayed call under load is measurably cheaper.
  res.on('close', writeLine);
}
