import { CATALOG } from '@contract/catalog/catalog-data';
import type { DocumentedLimit } from '@contract/catalog/catalog-entry';
import { comparePrecedence, matchesPattern, patternOf } from '@contract/web-api/path-template';

/**
 * The documented limit of the operation a request calls (`path` from `/api/` on, its query cut off): the catalog's
 * entry that the real service would route it to (a literal segment before a parameter), or 'not documented'.
 */
export function documentedLimitOf(method: string, path: string): DocumentedLimit {
  const segments = path
    .split('?')[0]!
    .split('/')
    .filter((segment) => segment !== '');
  const candidates = CATALOG.filter(
    (entry) => entry.method === method && matchesPattern(patternOf(entry.path), segments),
  ).sort((a, b) => comparePrecedence(patternOf(a.path), patternOf(b.path)));
  return candidates[0]?.limit ?? 'not documented';
}
