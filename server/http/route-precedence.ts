/** A route's path as segments: a lower-case literal, or null where it takes a parameter (`:uid`, `{uid}`). */
export type Pattern = readonly (string | null)[];

/** The pattern of a path written with `:name` (the router's) or `{name}` (the catalog's) parameters. */
export function patternOf(path: string): Pattern {
  return path
    .toLowerCase()
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => (segment.startsWith(':') || segment.startsWith('{') ? null : segment));
}

/** Whether a pattern matches the decoded segments of a path (in any letter case). */
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
