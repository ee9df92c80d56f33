import type { CatalogEntry } from '@contract/catalog/catalog-entry';
import { CATALOG } from '@contract/catalog/catalog-data';
import { operationFinder } from '@contract/catalog/find-operation';
import type { ApiMethod } from '@contract/web-api/methods';

/**
 * The catalog operation a request of the screen is (its facts: what it does, whether it reads, its body), by its
 * method and its path from `/api/` on, concrete or a template; undefined when the catalog has none.
 */
export const catalogOperation: (method: ApiMethod, path: string) => CatalogEntry | undefined =
  operationFinder(CATALOG);
