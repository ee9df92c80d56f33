import type { IncomingMessage, ServerResponse } from 'node:http';
import { isApiMethod, type ApiMethod } from '../../contract/web-api/methods.ts';
import {
  comparePrecedence,
  isParameter,
  matchesPattern,
  patternOf,
  type Pattern,
} from '../../contract/web-api/path-template.ts';
import type { RateLimiter, RateWindow } from '../rate-limit/limiter.ts';
import type { Clock } from '../runtime/clock.ts';
import { ApiError } from './errors.ts';
import type { Unimplemented } from './not-emulated.ts';
import { enforceRateLimit } from './rate-limited.ts';

interface RequestContext {
  req: IncomingMessage;
  url: URL;
  params: Record<string, string>;
  caller: string;
}

export type Reply = (
  | { status: number; json: unknown }
  | { status: number; jsonText: string | Buffer }
  | { status: number; text: string }
  /** Bytes as recorded, in their own content type (a replayed answer). */
  | { status: number; raw: Buffer; contentType: string | null }
  | { status: 302 | 303; location: string }
) & { headers?: Record<string, string>; cookies?: string[] };

export type Handler = (ctx: RequestContext) => Promise<Reply> | Reply;

interface MethodSpec {
  handler: Handler;
  /** Rate-limited methods name their counter; each method is counted on its own. */
  rateLimit?: { method: string; window: RateWindow };
}

export interface Route {
  /**
   * A path template (contract/web-api/path-template.ts): a `{name}` segment captures. Matched without regard to
   * letter case, as ASP.NET does.
   */
  path: string;
  methods: Partial<Record<ApiMethod, MethodSpec>>;
}

/** A call about to be answered by its route, once its rate limit is counted. */
export interface RoutedCall {
  method: string;
  /** The decoded path below the API base, lower-case, e.g. `/api/auth/getuser`. */
  path: string;
  /** The route's path as written, e.g. `/api/people/{uid}`. */
  route: string;
  req: IncomingMessage;
  res: ServerResponse;
  /** Who is calling, as the rate limit counts it. */
  caller: string;
  /** The counter and window the method is limited by. */
  rateLimit?: MethodSpec['rateLimit'];
}

/** The route and method spec a method and path reach. */
export interface Resolved {
  route: Route;
  spec: MethodSpec;
  params: Record<string, string>;
}

interface CompiledRoute {
  pattern: Pattern;
  segments: string[];
  route: Route;
}

export interface RouterDeps {
  clock: Clock;
  limiter: RateLimiter;
  /**
   * Asked before a request is routed, with the route its path matched (if any): an error that says more than
   * `not_found` or `method_not_allowed` (a Web API endpoint the emulator does not implement), or undefined.
   */
  unimplemented?: Unimplemented;
  /** Asked before each routed call is handled: may delay it, or throw the answer it gets instead (test faults). */
  intercept?: (call: RoutedCall) => Promise<void> | void;
  /**
   * Asked when no route answers a method and path (REPLAY_DIR's recordings): what answers instead, or undefined
   * for the router's own `not_emulated` or `not_found`.
   */
  fallback?: (method: string, segments: string[]) => Resolved | undefined;
}

function split(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function capturesOf(compiled: CompiledRoute, segments: string[]): Record<string, string> {
  const params: Record<string, string> = {};
  compiled.segments.forEach((segment, i) => {
    if (isParameter(segment)) params[segment.slice(1, -1)] = segments[i]!;
  });
  return params;
}

function send(res: ServerResponse, reply: Reply) {
  if (reply.cookies?.length) res.setHeader('Set-Cookie', reply.cookies);
  if ('raw' in reply) {
    const empty = reply.status === 204 || reply.status === 304;
    if (reply.headers) for (const name in reply.headers) res.setHeader(name, reply.headers[name]!);
    if (reply.contentType) res.setHeader('Content-Type', reply.contentType);
    if (!empty) res.setHeader('Content-Length', reply.raw.length);
    res.writeHead(reply.status);
    res.end(empty ? undefined : reply.raw);
    return;
  }
  if ('location' in reply) {
    res.writeHead(reply.status, { ...reply.headers, Location: reply.location, 'Content-Length': 0 });
    res.end();
    return;
  }
  let body: string | Buffer;
  let type: string;
  if ('text' in reply) {
    body = reply.text;
    type = 'text/plain; charset=utf-8';
  } else {
    body = 'jsonText' in reply ? reply.jsonText : JSON.stringify(reply.json);
    type = 'application/json; charset=utf-8';
  }
  res.writeHead(reply.status, {
    ...reply.headers,
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

/**
 * Dispatches an API request to its route and applies the method's rate limit. What fails (a handler's ApiError,
 * a refusal here, a bug) is thrown on to the request guard, which answers it.
 */
export function createRouter(routes: Route[], deps: RouterDeps) {
  // In the real service's precedence: literal segments win over captures, so /api/people/lookup is not a uid.
  const compiled = routes
    .map((route) => ({ pattern: patternOf(route.path), segments: split(route.path.toLowerCase()), route }))
    .sort((a, b) => comparePrecedence(a.pattern, b.pattern));

  /** The route and spec that answer a method on decoded path segments; throws what answers when none does. */
  function resolve(method: string, segments: string[]): Resolved {
    const found = compiled.find((candidate) => matchesPattern(candidate.pattern, segments));
    const spec = found && isApiMethod(method) ? found.route.methods[method] : undefined;
    // What no route matches goes to the fallback first: the catalog is asked only if that declines.
    const early = found ? undefined : deps.fallback?.(method, segments);
    if (early) return early;
    const routed = found ? { pattern: found.pattern, allowsMethod: spec !== undefined } : null;
    const unimplemented = deps.unimplemented?.(method, segments, routed);
    const fallback = unimplemented && found ? deps.fallback?.(method, segments) : undefined;
    if (fallback) return fallback;
    if (unimplemented) throw unimplemented();
    if (!found) throw new ApiError(404, 'not_found', 'No API endpoint has this path.');
    if (!spec) {
      const allow = Object.keys(found.route.methods).join(', ');
      throw new ApiError(405, 'method_not_allowed', `This endpoint accepts ${allow} only.`, {
        Allow: allow,
      });
    }
    return { route: found.route, spec, params: capturesOf(found, segments) };
  }

  async function dispatch(req: IncomingMessage, res: ServerResponse, url: URL, path: string, caller: string) {
    let decodedSegments: string[];
    try {
      decodedSegments = split(path).map((segment) => decodeURIComponent(segment));
    } catch {
      throw new ApiError(400, 'bad_request', 'The request path is not valid.');
    }
    const method = req.method === 'HEAD' ? 'GET' : (req.method ?? '');
    const { route, spec, params } = resolve(method, decodedSegments);
    if (spec.rateLimit) {
      enforceRateLimit(res, deps, spec.rateLimit.method, caller, spec.rateLimit.window);
    }
    if (deps.intercept) {
      await deps.intercept({
        method,
        path: `/${decodedSegments.join('/')}`.toLowerCase(),
        route: route.path,
        req,
        res,
        caller,
        rateLimit: spec.rateLimit,
      });
    }
    send(res, await spec.handler({ req, url, params, caller }));
  }

  return { dispatch, resolve };
}

export type Router = ReturnType<typeof createRouter>;
