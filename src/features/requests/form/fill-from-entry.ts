import type { CatalogEntry, CatalogMethod } from '@contract/catalog/catalog-entry';

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
  method: CatalogMethod;
  pathTemplate: string;
  pathParams: PathField[];
  query: QueryRow[];
  /** Empty when the description has no body schema for the endpoint. */
  body: string;
}

export function fillFromEntry(entry: CatalogEntry): RequestFormState {
  return {
    method: entry.method,
    pathTemplate: entry.path,
    pathParams: entry.pathParams.map((name) => ({ name, value: '' })),
    query: entry.query.map((param) => ({ ...param, value: '' })),
    body: entry.body ?? '',
  };
}
