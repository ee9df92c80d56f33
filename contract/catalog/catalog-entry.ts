/**
 * One endpoint of the Web API catalog and its facts. Types only: the generated catalog-data.ts holds the entries,
 * and the server imports both to answer `not_emulated` and to limit each operation as the real service does.
 */

import type { ApiMethod } from '../web-api/methods.ts';

export interface CatalogQueryParam {
  name: string;
  /** The parameter's schema type as the description gives it (the community description says "string" throughout). */
  type: string;
  required: boolean;
}

/** Whether an operation can change the tenant's data. A search sent by POST reads. */
export type OperationEffect = 'read' | 'write';

export interface RateLimit {
  calls: number;
  windowSeconds: number;
  /** Who shares one counter: callers from one IP address, one user, or the whole organization. */
  scope: 'ip' | 'user' | 'organization';
}

/** The limit a source states for the method, or 'not documented' where no source we could read states one. */
export type DocumentedLimit = RateLimit | 'not documented';

/** The common request bodies the catalog has a skeleton for. */
export type BodyKind =
  | 'ticket'
  | 'ticket-search'
  | 'person-search'
  | 'asset'
  | 'asset-search'
  | 'group-search'
  | 'account-search'
  | 'feed-entry'
  | 'json-patch';

export interface BodySkeleton {
  kind: BodyKind;
  /** JSON text to start from. */
  text: string;
  /** Top-level field names the service requires (for a JSON Patch, the fields of each operation). */
  required: string[];
  /** What the required list cannot say, such as "one of two fields", in a sentence. */
  note?: string;
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
  /** What the operation does, in one line of our own words. */
  summary: string;
  effect: OperationEffect;
  /** An edit that replaces the record whole: every field and custom attribute the body leaves out is cleared. */
  replacesWhole: boolean;
  /** The path of the PATCH operation on the same record, where a whole-record edit has one beside it. */
  patchPath?: string;
  limit: DocumentedLimit;
  /** A body to start from, with its required fields, where the operation takes one of the common types. */
  bodySkeleton?: BodySkeleton;
  /** A JSON body to start from, where a description has a schema for it; null otherwise. */
  body: string | null;
  /** Whether this emulator answers it (its own OpenAPI description lists it). */
  emulated: boolean;
}
