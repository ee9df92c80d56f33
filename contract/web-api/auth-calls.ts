import { decodeRepeatedly } from '../decode-repeatedly.ts';
import { apiBaseOf } from './bases.ts';

/**
 * Which calls are sign-ins, which is getuser, and which belong to the Auth area: the rule that keeps passwords,
 * keys and tokens out of recordings and replays, and the session's token out of sign-ins. Read two ways:
 *
 * - `strict`: the path as this emulator's router reads it and as the console spells its own calls: from `/api` on
 *   (below a base), or from one of the two bases (`/TDWebApi/api/…`); each segment percent-decoded once, in any
 *   letter case; empty segments (a trailing or doubled slash) and the query left out.
 * - `lenient`: every spelling a lenient server along the way might still route there, wherever the path starts (a
 *   tenant's base may be any path): segments decoded until nothing changes and NFKC-folded (`%256c`, fullwidth
 *   letters), split again on the slashes and backslashes that decoding reveals, `;parameters` and the trailing dots
 *   and spaces Windows servers drop cut off, dot segments resolved, in any letter case.
 *
 * Whatever the strict reading calls a sign-in or the Auth area, the lenient one does too (the tests hold it so):
 * the strict one answers what a call is meant to be, the lenient one what must be guarded as if it were one.
 */
export type Reading = 'strict' | 'lenient';

export interface AuthCall {
  /** `POST api/auth`, `api/auth/login` or `api/auth/loginadmin`: a password or key in the body, never a session's token. */
  signIn: boolean;
  /** `GET api/auth/getuser`: the service answers it only with a bearer token. */
  getUser: boolean;
  /** Under `api/auth`: requests and answers that hold secrets, never recorded or replayed. */
  authArea: boolean;
}

const SIGN_IN_TAILS = [
  ['api', 'auth'],
  ['api', 'auth', 'login'],
  ['api', 'auth', 'loginadmin'],
];
const GET_USER_TAIL = ['api', 'auth', 'getuser'];

/** The path without its query or fragment. */
const pathPart = (path: string) => path.replace(/[?#].*$/s, '');

function decodedOnce(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function strictSegments(path: string): string[] {
  const part = pathPart(path);
  const base = apiBaseOf(part);
  return (base ? part.slice(base.length) : part)
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => decodedOnce(segment).toLowerCase());
}

/** One raw segment as a lenient server may route it: none, one or more segments, dot segments still in. */
function lenientPieces(raw: string): string[] {
  const decoded = (decodeRepeatedly(raw) ?? raw).normalize('NFKC').toLowerCase();
  return decoded.split(/[/\\]/).map((piece) => piece.replace(/[;?#].*$/s, ''));
}

/** The lenient segments; `resolveDots`: `..` takes the segment before it away, as a normalizing server does. */
function lenientSegments(path: string, resolveDots: boolean): string[] {
  const segments: string[] = [];
  for (const piece of pathPart(path).split(/[/\\]/).flatMap(lenientPieces)) {
    if (resolveDots && piece === '..') segments.pop();
    else {
      const trimmed = piece.replace(/[.\s]+$/u, '');
      if (trimmed !== '') segments.push(trimmed);
    }
  }
  return segments;
}

/**
 * A path's segments as the reading routes them, in lower case (dot segments left out, not resolved): what the
 * relay counts a tenant's methods by (`lenient`).
 */
export function routeSegments(path: string, reading: Reading): string[] {
  return reading === 'strict' ? strictSegments(path) : lenientSegments(path, false);
}

const endsWith = (segments: string[], tail: string[]) =>
  segments.length >= tail.length &&
  tail.every((part, i) => segments[segments.length - tail.length + i] === part);

const isExactly = (segments: string[], tail: string[]) =>
  segments.length === tail.length && endsWith(segments, tail);

function judge(verb: string, segments: string[], reading: Reading): AuthCall {
  const fits = reading === 'strict' ? isExactly : endsWith;
  return {
    signIn: verb === 'POST' && SIGN_IN_TAILS.some((tail) => fits(segments, tail)),
    getUser: verb === 'GET' && fits(segments, GET_USER_TAIL),
    authArea:
      reading === 'strict'
        ? segments[0] === 'api' && segments[1] === 'auth'
        : segments.some((segment, i) => segment === 'api' && segments[i + 1] === 'auth'),
  };
}

/**
 * What a call of `method` on `path` is to the Auth area. `path` is from `/api` on, or from a base (`/TDWebApi/…`),
 * or, read leniently, any URL path (a tenant's `/sandbox/SBTDWebApi/api/auth`); a query or fragment is ignored.
 * Read leniently, a call is what it is with its dot segments resolved or with them left out, whichever says more.
 */
export function authCallOf(method: string, path: string, reading: Reading): AuthCall {
  if (reading === 'strict') return judge(method, strictSegments(path), reading);
  const verb = method.toUpperCase();
  const kept = judge(verb, lenientSegments(path, false), reading);
  const resolved = judge(verb, lenientSegments(path, true), reading);
  return {
    signIn: kept.signIn || resolved.signIn,
    getUser: kept.getUser || resolved.getUser,
    authArea: kept.authArea || resolved.authArea,
  };
}
