/**
 * One endpoint of the Web API catalog. Types only: the generated catalog-data.ts holds the entries, and the server
 * imports both to answer `not_emulated`.
 */

import type { ApiMethod } from '../web-api/methods.ts';

export interface CatalogQueryParam {
  name: string;
  /** The parameter's schema type as the description gives it (the community description says "string" throughout). */
  type: string;
  required: boolean;
}

export interface CatalogEntry {
  /** The description's tag, in words: "Ticket Statuses". */
  area: string;
  method: ApiMethod;
  /** The path template below the base, e.g. `/api/{appId}/tickets/{id}` (contract/web-api/path-template.ts). */
  path: string;
  /** The template's `{…}` names, in order. */
  pathParams: string[];
  query: CatalogQueryParam[];
  summary: string;
  /** A JSON body to start from, where a description has a schema for it; null otherwise. */
  body: string | null;
  /** Whether this emulator answers it (its own OpenAPI description lists it). */
  emulated: boolean;
}
