import type { IncomingMessage, ServerResponse } from 'node:http';
import { isApiMethod, type ApiMethod } from '../../contract/web-api/methods.ts';
import {
  comparePrecedence,
  isParameter,
  matchesPattern,
  patternOf,
  type Pattern,
} from '../../contract/web-api/path-template.ts';
import { rateLimitKey } from '../rate-limit/caller-key.ts';
import type { LimitScope, OperationLimit, OperationLimits } from '../rate-limit/operation-limits.ts';
import { ApiError } from './errors.ts';
import type { Unimplemented } from './not-emulated.ts';
import { enforceRateLimit, type RateLimitCheck } from './rate-limited.ts';

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
  /**
   * A rate-limited method names its counter: each is counted on its own, by its operation's limit and scope, which
   * the router gives it (OperationLimits: the catalog's facts for the route's method and path).
   */
  rateLimit?: string;
}

/** A method's counter and the limit it is counted by. */
export interface AppliedLimit {
  method: string;
  limit: OperationLimit;
}

/** A method spec as the router applies it: its limit resolved. */
interface ResolvedSpec {
  handler: Handler;
  rateLimit?: AppliedLimit;
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
  /** The caller's address. */
  caller: string;
  /** The counter and limit the method is limited by, and who it counted the call as (its address, user or organization). */
  rateLimit?: AppliedLimit & { key: string };
}

/** The route and method spec a method and path reach. */
export interface Resolved {
  route: Route;
  spec: ResolvedSpec;
  params: Record<string, string>;
}

interface CompiledRoute {
  pattern: Pattern;
  segments: string[];
  route: Route;
  specs: Partial<Record<ApiMethod, ResolvedSpec>>;
}

/** Who a call counts as for a limit per user or per organization: its token's user or organization. */
export type ScopedCaller = (req: IncomingMessage, scope: Exclude<LimitScope, 'ip'>) => Promise<string>;

/** What counts the rate-limited methods' calls: the limiter and its clock, and each operation's limit. */
export interface RateLimits extends RateLimitCheck {
  /** Each operation's limit; a route's method is limited by its route path's. */
  limits: OperationLimits;
  /** Who a call counts as for the operations limited per user or per organization. */
  scopedCaller: ScopedCaller;
}

export interface RouterDeps {
  /** Needed when a route names a rate-limited method. */
  rateLimits?: RateLimits;
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

/**
 * A path's segments, percent-decoded (a route's own path has nothing to decode). One loop, no function per segment:
 * every API call comes here. Throws on a malformed escape.
 */
function segmentsOf(path: string): string[] {
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment !== '') segments.push(segment.includes('%') ? decodeURIComponent(segment) : segment);
  }
  return segments;
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
  const { rateLimits } = deps;
  // Each limit resolved once, here: a call only reads its route's.
  const specsOf = (route: Route) => {
    const specs: CompiledRoute['specs'] = {};
    for (const [method, spec] of Object.entries(route.methods) as [ApiMethod, MethodSpec][]) {
      let rateLimit: AppliedLimit | undefined;
      if (spec.rateLimit !== undefined) {
        if (!rateLimits)
          throw new Error(`${method} ${route.path} is rate-limited, and the router counts no calls.`);
        rateLimit = { method: spec.rateLimit, limit: rateLimits.limits.of(method, route.path) };
      }
      specs[method] = { handler: spec.handler, rateLimit };
    }
    return specs;
  };
  // In the real service's precedence: literal segments win over captures, so /api/people/lookup is not a uid.
  const compiled = routes
    .map((route) => ({
      pattern: patternOf(route.path),
      segments: segmentsOf(route.path.toLowerCase()),
      route,
      specs: specsOf(route),
    }))
    .sort((a, b) => comparePrecedence(a.pattern, b.pattern));

  /** The route and spec that answer a method on decoded path segments; throws what answers when none does. */
  function resolve(method: string, segments: string[]): Resolved {
    const found = compiled.find((candidate) => matchesPattern(candidate.pattern, segments));
    const spec = found && isApiMethod(method) ? found.specs[method] : undefined;
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
      decodedSegments = segmentsOf(path);
    } catch {
      throw new ApiError(400, 'bad_request', 'The request path is not valid.');
    }
    const method = req.method === 'HEAD' ? 'GET' : (req.method ?? '');
    const { route, spec, params } = resolve(method, decodedSegments);
    const applied = spec.rateLimit;
    let key = '';
    if (applied && rateLimits) {
      const { scope } = applied.limit;
      key = scope === 'ip' ? rateLimitKey(caller) : await rateLimits.scopedCaller(req, scope);
      enforceRateLimit(res, rateLimits, applied.method, key, applied.limit);
    }
    if (deps.intercept) {
      await deps.intercept({
        method,
        path: `/${decodedSegments.join('/')}`.toLowerCase(),
        route: route.path,
        req,
        res,
        caller,
        rateLimit: applied && { ...applied, key },
      });
    }
    send(res, await spec.handler({ req, url, params, caller }));
  }

  return { dispatch, resolve };
}

export type Router = ReturnType<typeof createRouter>;
