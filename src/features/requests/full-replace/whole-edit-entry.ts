import { CATALOG } from '@contract/catalog/catalog-data';
import type { CatalogEntry } from '@contract/catalog/catalog-entry';
import { templateOf } from '@contract/web-api/path-template';

/** The catalog's edits that replace the record whole, by operation (`POST /api/{id}/tickets/{id}`). */
let wholeEdits: Map<string, CatalogEntry> | undefined;

/**
 * The catalog entry of a whole-record edit that a request is (its method, and its path from `/api/` on, as a
 * template or filled in), or undefined. Its `patchPath` names the record's PATCH, where it has one.
 */
export function wholeEditOf(method: string, path: string): CatalogEntry | undefined {
  wholeEdits ??= new Map(
    CATALOG.filter((entry) => entry.replacesWhole).map((entry) => [
      `${entry.method} ${templateOf(entry.path)}`,
      entry,
    ]),
  );
  return wholeEdits.get(`${method.toUpperCase()} ${templateOf(path.split('?')[0]!)}`);
}
