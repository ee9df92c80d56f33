import type { IncomingMessage } from 'node:http';
import { authCallOf } from '../../contract/web-api/auth-calls.ts';
import { operationOf, templateOf } from '../../contract/web-api/path-template.ts';
import type { Tokens } from '../auth/tokens.ts';
import { authenticate } from '../auth/bearer.ts';
import { MAX_BODY_BYTES } from '../../contract/body-limit.ts';
import { readBody } from '../http/body.ts';
import { ApiError } from '../http/errors.ts';
import { noteNotRecorded, noteReplayed } from '../http/request-notes.ts';
import type { AppliedLimit, Handler, Reply, Resolved, Route } from '../http/router.ts';
import { TENANT_CONTENT_CSP } from '../http/security-headers.ts';
import type { OperationLimits } from '../rate-limit/operation-limits.ts';
import { httpDate, type Clock } from '../runtime/clock.ts';
import type { Users } from '../store/users.ts';
import type { RecordedAnswer } from './recording-file.ts';
import type { Loaded, Recordings } from './replay.ts';
import type { Call } from './request-key.ts';

/** The most recordings of one method and template a `not_recorded` message names. */
const CLOSEST_NAMED = 5;
/** A replayed 429 asks for a wait within one of the service's windows: what it recorded, else a whole window. */
const MAX_WAIT_SECONDS = 60;

/** What relays a call no recording answers to the sandbox, and records it (REPLAY_MISSES). */
export type MissRelay = (
  req: IncomingMessage,
  call: Call,
  segments: string[],
  caller: string,
) => Promise<Reply>;

export interface ReplayDeps {
  recordings: Recordings;
  tokens: Tokens;
  users: Users;
  /** Each recorded operation is limited by its own limit (the catalog's, else the emulator's). */
  limits: OperationLimits;
  clock: Clock;
  /** REPLAY_MISSES: null keeps replay strict (404 not_recorded). */
  misses: MissRelay | null;
}

function notRecorded(recordings: Recordings, method: string, path: string): ApiError {
  const closest = recordings.closest(method, path);
  const operation = operationOf(method, path);
  const named =
    closest.length === 0
      ? `No recording has ${operation}: record it through the relay with RECORD_DIR.`
      : `Recorded ${operation} calls: ${closest.slice(0, CLOSEST_NAMED).join(', ')}${
          closest.length > CLOSEST_NAMED ? ` and ${closest.length - CLOSEST_NAMED} more` : ''
        }.`;
  return new ApiError(
    404,
    'not_recorded',
    `No recording answers ${method} ${path} with this query and body (REPLAY_DIR). ${named}`,
  );
}

function headerOf(headers: Record<string, string>, name: string): string | undefined {
  return Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
}

/** How long the tenant asked to wait when it answered 429: its Retry-After, else its reset less the recording time. */
function recordedWait(answer: RecordedAnswer): number {
  const retryAfter = headerOf(answer.rateLimit, 'retry-after');
  if (retryAfter !== undefined && /^\d+$/.test(retryAfter.trim())) return Number(retryAfter);
  const reset = Date.parse(headerOf(answer.rateLimit, 'x-ratelimit-reset') ?? '');
  const recorded = Date.parse(answer.recordedAt ?? '');
  return Number.isNaN(reset) || Number.isNaN(recorded) ? MAX_WAIT_SECONDS : (reset - recorded) / 1000;
}

/** A replayed 429's wait, stated now by the emulator's clock: its reset, and a Retry-After that agrees with it. */
function waitHeaders(answer: RecordedAnswer, now: number): Record<string, string> {
  const wait = Math.min(MAX_WAIT_SECONDS, Math.max(1, Math.ceil(recordedWait(answer))));
  // From the second the answer's Date names, so that Date plus Retry-After is the reset.
  const resetAt = Math.floor(now / 1000) * 1000 + wait * 1000;
  return {
    'X-RateLimit-Remaining': '0',
    'X-RateLimit-Reset': httpDate(resetAt),
    'Retry-After': String(wait),
  };
}

/** On every replayed answer: the tenant's content, served from this origin, may never act with its rights. */
const REPLAYED: Readonly<Record<string, string>> = {
  'X-Emulator-Replayed': '1',
  'Content-Security-Policy': TENANT_CONTENT_CSP,
};

/** A recording's answer to a call: the next of its sequence, as the tenant gave it, inert on this origin. */
function replayed(req: IncomingMessage, deps: ReplayDeps, loaded: Loaded): Reply {
  const { answer, body } = deps.recordings.next(loaded);
  noteReplayed(req);
  return {
    status: answer.status,
    raw: body,
    contentType: answer.contentType,
    // One shared object, unless a 429 states its wait by the emulator's clock.
    headers: answer.status === 429 ? { ...REPLAYED, ...waitHeaders(answer, deps.clock.now()) } : REPLAYED,
  };
}

/** The call a request makes, with its body read whole (at most what any call may send). */
function callOf(req: IncomingMessage, url: URL, method: string, path: string, body: Buffer): Call {
  return { method, path, search: url.search, body, contentType: req.headers['content-type'] };
}

/** The most methods and paths whose fallback answer is kept: paths a caller makes up only push older ones out. */
const MAX_KEPT_PATHS = 10_000;

/** What the fallback answers for a method and path below a base, worked out once: its route and method spec. */
interface Routing {
  route: Route;
  spec: Resolved['spec'];
  /** For the path as it is (strict replay; with REPLAY_MISSES the call's own segments are added each time). */
  resolved: Resolved;
}

/**
 * The router's fallback with REPLAY_DIR set: a call below an API base that no route of the emulator answers (and
 * not of the Auth area, which stays the emulator's) is answered by its recording once its bearer token is good,
 * counted by its operation's rate limit and open to faults like any route.
 */
export function replayFallback(deps: ReplayDeps) {
  // Made once, not per call: the call's method and path come in its params, and for REPLAY_MISSES its decoded
  // segments too (as JSON: a segment may hold any character, a slash among them).
  const handler: Handler = async ({ req, url, params, caller }) => {
    const { method, path, segments } = params as { method: string; path: string; segments?: string };
    await authenticate(req, deps.tokens, deps.users);
    const call = callOf(req, url, method, path, await readBody(req, MAX_BODY_BYTES));
    const found = deps.recordings.find(call);
    if (found) return replayed(req, deps, found);
    if (deps.misses) return deps.misses(req, call, JSON.parse(segments!) as string[], caller);
    noteNotRecorded(req);
    throw notRecorded(deps.recordings, method, path);
  };
  // Every other path shares one counter, so that made-up paths cannot grow the limiter's table of methods.
  const unrecorded: AppliedLimit = { method: '(not recorded)', limit: deps.limits.own };

  /** Null for the Auth area, which the fallback never answers. */
  function routingOf(method: string, path: string): Routing | null {
    // Judged leniently, as the relay judges what it records: no spelling of the Auth area is ever replayed.
    if (authCallOf(method, path, 'lenient').authArea) return null;
    const template = templateOf(path);
    const operation = `${method.toUpperCase()} ${template}`;
    // Counted per recorded operation, by its own limit.
    const rateLimit = deps.recordings.hasOperation(operation)
      ? { method: operation, limit: deps.limits.of(method, template) }
      : unrecorded;
    const route = { path: template, methods: {} };
    const spec = { rateLimit, handler };
    return { route, spec, resolved: { route, spec, params: { method, path } } };
  }

  // By method and path; worked out again once the recordings change (REPLAY_MISSES records while replaying).
  const kept = new Map<string, Routing | null>();
  let version = deps.recordings.version;
  return (method: string, segments: string[]): Resolved | undefined => {
    const path = `/${segments.join('/')}`.toLowerCase();
    if (version !== deps.recordings.version) {
      kept.clear();
      version = deps.recordings.version;
    }
    const key = `${method} ${path}`;
    let routing = kept.get(key);
    if (routing === undefined) {
      routing = routingOf(method, path);
      if (kept.size >= MAX_KEPT_PATHS) kept.delete(kept.keys().next().value!);
      kept.set(key, routing);
    }
    if (!routing) return undefined;
    if (!deps.misses) return routing.resolved;
    const { route, spec } = routing;
    return { route, spec, params: { method, path, segments: JSON.stringify(segments) } };
  };
}

/**
 * REPLAY_OVERRIDES: a route of the emulator's own whose calls recordings answer first, when one matches (its
 * bearer token checked first, as every replayed call's); any other call is the route's as ever.
 */
export function replayFirst(
  method: string,
  handler: Handler,
  deps: ReplayDeps,
  pathOf: (url: URL) => string,
): Handler {
  return async (ctx) => {
    const path = pathOf(ctx.url);
    if (!deps.recordings.hasPath(method, path)) return handler(ctx);
    await authenticate(ctx.req, deps.tokens, deps.users);
    const body = await readBody(ctx.req, MAX_BODY_BYTES);
    const found = deps.recordings.find(callOf(ctx.req, ctx.url, method, path, body));
    return found ? replayed(ctx.req, deps, found) : handler(ctx);
  };
}
