import type { CatalogEntry } from '../../contract/catalog/catalog-entry.ts';
import {
  comparePrecedence,
  matchesPattern,
  patternOf,
  type Pattern,
} from '../../contract/web-api/path-template.ts';
import { ApiError } from './errors.ts';

interface Template {
  pattern: Pattern;
  entries: CatalogEntry[];
}

/** The route a request's path matched, if any, and whether that route answers the request's method. */
interface Routed {
  pattern: Pattern;
  allowsMethod: boolean;
}

/**
 * For a request: what makes the 404 `not_emulated` naming the catalog endpoint it is, or undefined. `routed` is
 * the route the router chose by the same precedence (null when none matched). Made only when it is answered: a
 * replayed call is such an endpoint too, and an error's stack costs more than the rest of finding its route.
 */
export type Unimplemented = (
  method: string,
  segments: string[],
  routed: Routed | null,
) => (() => ApiError) | undefined;

function compile(catalog: readonly CatalogEntry[]): Map<number, Template[]> {
  const byPath = new Map<string, CatalogEntry[]>();
  for (const entry of catalog) {
    if (entry.emulated) continue;
    const key = entry.path.toLowerCase();
    byPath.set(key, [...(byPath.get(key) ?? []), entry]);
  }
  const byLength = new Map<number, Template[]>();
  for (const [path, entries] of byPath) {
    const template = { pattern: patternOf(path), entries };
    const length = template.pattern.length;
    byLength.set(length, [...(byLength.get(length) ?? []), template]);
  }
  // The router's precedence, so that the first template that matches is the one the real service would route to.
  for (const templates of byLength.values())
    templates.sort((a, b) => comparePrecedence(a.pattern, b.pattern));
  return byLength;
}

function describe(template: Template, entry: CatalogEntry | undefined, partlyEmulated: Set<string>) {
  const shown = entry ?? template.entries[0]!;
  const methods = entry ? entry.method : template.entries.map((e) => e.method).join(', ');
  const what = partlyEmulated.has(shown.area)
    ? `this endpoint of the ${shown.area} area`
    : `the ${shown.area} area`;
  return (
    `The emulator does not implement ${what} (${methods} ${shown.path}): it answers the Auth area and ` +
    'the People samples that its openapi.json lists. Send this request to a real tenant instead.'
  );
}

/**
 * The catalog's endpoints that the emulator does not implement, by the router's precedence: a request gets
 * `not_emulated` when such an endpoint matches it and no route does, when one matches it more closely than the
 * route the router chose (`/api/people/userlist` is an operation of its own, not a person's UID), or when one has
 * the route's very path and the request's method, which the route lacks. Templates are compiled on first use.
 */
export function notEmulated(catalog: readonly CatalogEntry[]): Unimplemented {
  let compiled: Map<number, Template[]> | undefined;
  let partlyEmulated: Set<string> | undefined;
  return (method, segments, routed) => {
    // A route without parameters is matched by nothing closer; only its other methods can be in the catalog.
    if (routed?.allowsMethod && !routed.pattern.includes(null)) return undefined;
    compiled ??= compile(catalog);
    partlyEmulated ??= new Set(catalog.filter((e) => e.emulated).map((e) => e.area));
    for (const template of compiled.get(segments.length) ?? []) {
      if (!matchesPattern(template.pattern, segments)) continue;
      const entry = template.entries.find((e) => e.method === method);
      const order = routed ? comparePrecedence(template.pattern, routed.pattern) : -1;
      if (order > 0) break;
      if (order === 0 && (routed!.allowsMethod || !entry)) continue;
      const areas = partlyEmulated;
      return () => new ApiError(404, 'not_emulated', describe(template, entry, areas));
    }
    return undefined;
  };
}
