import { authCallOf, routeSegments } from '../../contract/web-api/auth-calls.ts';
import { foldSegment } from '../../contract/web-api/path-template.ts';

/** Which of the tenant's methods a relayed request calls, as its rate limits count them. */
export interface RelayedMethod {
  /** The HTTP method and the upstream path as a router reads it, ids folded: `POST tdwebapi/api/auth/login`. */
  key: string;
  /** `POST api/auth`, `api/auth/login` or `api/auth/loginadmin`: the methods that take a password or key. */
  signIn: boolean;
  /**
   * One of the Auth area's rate-limited methods (the sign-ins and `GET api/auth/getuser`), whose 60 calls per 60 s
   * the tenant counts for everyone behind this server together: the relay limits each caller to a share of them.
   */
  limitedAuth: boolean;
  /** `GET api/auth/getuser`: the service answers it only with a bearer token, so the relay can refuse one without. */
  needsToken: boolean;
  /** A method of the Auth area (`api/auth…`): never recorded, since its requests and answers are secrets. */
  authArea: boolean;
}

/**
 * Judged leniently on purpose (contract/web-api/auth-calls.ts): a spelling the tenant might still take for a
 * sign-in, or for the Auth area, must be seen as one here.
 */
export function relayedMethod(method: string, upstream: URL): RelayedMethod {
  const call = authCallOf(method, upstream.pathname, 'lenient');
  const segments = routeSegments(upstream.pathname, 'lenient');
  return {
    key: `${method} ${segments.map(foldSegment).join('/')}`,
    signIn: call.signIn,
    limitedAuth: call.signIn || call.getUser,
    needsToken: call.getUser,
    authArea: call.authArea,
  };
}
