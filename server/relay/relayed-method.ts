import { decodeRepeatedly } from '../../contract/decode-repeatedly.ts';
import { isGuid } from '../../contract/is-guid.ts';

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

const SIGN_IN_TAILS = [
  ['api', 'auth'],
  ['api', 'auth', 'login'],
  ['api', 'auth', 'loginadmin'],
];
const GET_USER_TAIL = ['api', 'auth', 'getuser'];

/**
 * A segment as a lenient server may route it: decoded, NFKC-folded, in lower case, without `;parameters` or the
 * trailing dots and spaces Windows servers drop. Judged leniently on purpose: a spelling the tenant might still
 * take for a sign-in must be seen as one here.
 */
function routeSegment(raw: string): string {
  const decoded = (decodeRepeatedly(raw) ?? raw).normalize('NFKC').toLowerCase();
  return decoded.replace(/;.*$/s, '').replace(/[.\s]+$/u, '');
}

/** Numbers and GUIDs are a method's parameters (`api/people/{uid}`), not methods of their own. */
function folded(segment: string): string {
  return /^\d+$/.test(segment) || isGuid(segment) ? '{}' : segment;
}

function endsWith(segments: string[], tail: string[]): boolean {
  return (
    segments.length >= tail.length &&
    tail.every((part, i) => segments[segments.length - tail.length + i] === part)
  );
}

export function relayedMethod(method: string, upstream: URL): RelayedMethod {
  const segments = upstream.pathname
    .split('/')
    .map(routeSegment)
    .filter((segment) => segment !== '');
  const signIn = method === 'POST' && SIGN_IN_TAILS.some((tail) => endsWith(segments, tail));
  const getUser = method === 'GET' && endsWith(segments, GET_USER_TAIL);
  return {
    key: `${method} ${segments.map(folded).join('/')}`,
    signIn,
    limitedAuth: signIn || getUser,
    needsToken: getUser,
    authArea: segments.some((segment, i) => segment === 'api' && segments[i + 1] === 'auth'),
  };
}
