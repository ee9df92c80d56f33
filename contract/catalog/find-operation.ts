import { comparePrecedence, matchesPattern, patternOf, type Pattern } from '../web-api/path-template.ts';
import type { CatalogEntry } from './catalog-entry.ts';

interface Template {
  pattern: Pattern;
  entries: CatalogEntry[];
}

/** A path's segments as a router reads them: without its query, each percent escape decoded once. */
function segmentsOf(path: string): string[] {
  return path
    .split(/[?#]/, 1)[0]!
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
}

/** The catalog's templates by segment count, each count's in the service's route precedence. */
function compile(catalog: readonly CatalogEntry[]): Map<number, Template[]> {
  const byPath = new Map<string, CatalogEntry[]>();
  for (const entry of catalog) {
    const key = entry.path.toLowerCase();
    byPath.set(key, [...(byPath.get(key) ?? []), entry]);
  }
  const byLength = new Map<number, Template[]>();
  for (const [path, entries] of byPath) {
    const pattern = patternOf(path);
    byLength.set(pattern.length, [...(byLength.get(pattern.length) ?? []), { pattern, entries }]);
  }
  for (const templates of byLength.values())
    templates.sort((a, b) => comparePrecedence(a.pattern, b.pattern));
  return byLength;
}

/**
 * The catalog operation a request is, found as the service routes it: `POST /api/31/tickets/search` is the ticket
 * search (a literal segment wins over a parameter), `POST /api/31/tickets/7` a ticket's edit. The path is taken from
 * `/api/` on, concrete (`/api/31/tickets/7`) or written as a template (`/api/{appId}/tickets/{id}`), a query after
 * it ignored; undefined when no operation of the catalog has that method and path. Templates are compiled on
 * first use.
 */
export function operationFinder(
  catalog: readonly CatalogEntry[],
): (method: string, path: string) => CatalogEntry | undefined {
  let compiled: Map<number, Template[]> | undefined;
  return (method, path) => {
    compiled ??= compile(catalog);
    const segments = segmentsOf(path);
    const upper = method.toUpperCase();
    for (const template of compiled.get(segments.length) ?? []) {
      if (!matchesPattern(template.pattern, segments)) continue;
      const entry = template.entries.find((candidate) => candidate.method === upper);
      if (entry) return entry;
    }
    return undefined;
  };
}
