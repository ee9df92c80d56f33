import type { CatalogEntry } from '@contract/catalog/catalog-entry';
import type { ApiMethod } from '@contract/web-api/methods';

interface PathField {
  name: string;
  value: string;
}

interface QueryRow {
  name: string;
  value: string;
  type: string;
  required: boolean;
}

/** What the request form holds once an endpoint is chosen from the catalog. */
export interface RequestFormState {
  method: ApiMethod;
  pathTemplate: string;
  pathParams: PathField[];
  query: QueryRow[];
  /**
   * The catalog's body skeleton, or the description's schema; empty when it has neither. An edit that replaces the
   * record whole starts from no change (`{}`): its body holds only the changes, and a skeleton's blanks would clear
   * every field (and its `IsActive: false` deactivate a person) once loaded into the record.
   */
  body: string;
}

export function fillFromEntry(entry: CatalogEntry): RequestFormState {
  return {
    method: entry.method,
    pathTemplate: entry.path,
    pathParams: entry.pathParams.map((name) => ({ name, value: '' })),
    query: entry.query.map((param) => ({ ...param, value: '' })),
    body: entry.replacesWhole ? '{}' : (entry.bodySkeleton?.text ?? entry.body ?? ''),
  };
}
