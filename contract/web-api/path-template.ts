import { isGuid } from '../is-guid.ts';

/**
 * The one way a path template is written and matched. A template is written as the service's own help writes it,
 * `/api/{appId}/tickets/{id}`: a `{name}` segment is a parameter, any other segment a literal compared without
 * letter case. A concrete path (`/api/30/tickets/12`) becomes a template by folding: each number and each GUID
 * is a parameter's value, `{id}`, since its name cannot be known from the value.
 */

/** How a folded segment is written: a parameter whose name the path does not tell. */
const FOLDED = '{id}';

/** Whether a template's segment is a parameter, `{name}`. */
export function isParameter(segment: string): boolean {
  return /^\{[^{}/]*\}$/.test(segment);
}

/** Whether a concrete segment is a parameter's value, not a name of its own: a number or a GUID. */
function isIdValue(segment: string): boolean {
  return /^\d+$/.test(segment) || isGuid(segment);
}

/** A segment as templates are compared: a number, GUID or parameter as `{id}`, anything else in lower case. */
export function foldSegment(segment: string): string {
  return isIdValue(segment) || isParameter(segment) ? FOLDED : segment.toLowerCase();
}

/**
 * How the Web API names a parameter that opens a route below `/api/`: every such route takes the application's id
 * there (`/api/{appId}/tickets/{id}`), never another value.
 */
const APP_ID = '{appId}';

/**
 * A route's segment below `/api/`, at `index` of them, as people read a template: as `foldSegment`, except that a
 * number or parameter opening the route is the application's id, `{appId}` (a GUID never is). Counting and
 * matching fold it to `{id}` all the same: this only names it.
 */
export function nameSegment(segment: string, index: number): string {
  const folded = foldSegment(segment);
  return folded === FOLDED && index === 0 && !isGuid(segment) ? APP_ID : folded;
}

/**
 * A path's template as operations are told apart and counted: `/api/30/tickets/12` and `/api/{appId}/tickets/{id}`
 * both give `/api/{id}/tickets/{id}`. Empty segments (a trailing or doubled slash) are left out; the path is taken
 * as given, so a query must be cut off first.
 */
export function templateOf(path: string): string {
  const segments = path.split('/').filter((segment) => segment !== '');
  return `/${segments.map(foldSegment).join('/')}`;
}

/** An operation as replay and the console's catalog compare them: `GET /api/{id}/tickets/{id}`. */
export function operationOf(method: string, path: string): string {
  return `${method.toUpperCase()} ${templateOf(path)}`;
}

/** A template's segments: a lower-case literal, or null where it takes a parameter. */
export type Pattern = readonly (string | null)[];

/** The pattern of a template written with `{name}` parameters. */
export function patternOf(template: string): Pattern {
  return template
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => (isParameter(segment) ? null : segment.toLowerCase()));
}

/**
 * Whether a pattern matches a concrete path's decoded segments (in any letter case): the one function that tells
 * whether a call is an operation of a template, as the router and the catalog's `not_emulated` ask it.
 */
export function matchesPattern(pattern: Pattern, segments: readonly string[]): boolean {
  return (
    pattern.length === segments.length &&
    pattern.every((literal, i) => literal === null || literal === segments[i]!.toLowerCase())
  );
}

/**
 * ASP.NET's route precedence, which the real service's routing follows: segment by segment from the left, the
 * first place where one pattern has a literal and the other a parameter decides, and the literal wins; so
 * `/api/people/userlist` is tried before `/api/people/{uid}`. Negative when `a` comes first, 0 when neither does.
 * Patterns of different lengths never match the same path; they are ordered by length only to keep a sort total.
 */
export function comparePrecedence(a: Pattern, b: Pattern): number {
  if (a.length !== b.length) return a.length - b.length;
  for (let i = 0; i < a.length; i++) {
    const aLiteral = a[i] !== null;
    if (aLiteral !== (b[i] !== null)) return aLiteral ? -1 : 1;
  }
  return 0;
}
