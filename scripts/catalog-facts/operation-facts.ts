import type {
  BodyKind,
  DocumentedLimit,
  OperationEffect,
  RateLimit,
} from '../../contract/catalog/catalog-entry.ts';
import { PRODUCTION_BASE } from '../../contract/web-api/bases.ts';

/**
 * The shape of the catalog's facts source: per area of the Web API, the help page its facts were read from, and
 * per operation (`METHOD /path/template`, as the catalog spells it) what it does, whether it writes, its limit.
 * Summaries are our own words; only the facts are taken from the sources, never their sentences.
 */

export interface OperationFacts {
  summary: string;
  effect: OperationEffect;
  limit: DocumentedLimit;
  /** Where the limit was read, when it is not the area's help page (another tenant's copy of the help, a question answered on the vendor's portal, a public client). */
  source?: string;
  /** A second source (another tenant's copy of the help, a public client's repository and path) that states the same limit for the method. */
  confirmedBy?: string;
  replacesWhole?: true;
  /** The catalog key of the PATCH operation on the same record (`PATCH /path`). */
  patch?: string;
  body?: BodyKind;
}

export interface AreaFacts {
  /** The catalog's area, as the generator names it ("Ticket Statuses"). */
  area: string;
  /** The area's page of the service's own help, a public copy. */
  page: string;
  operations: Record<string, OperationFacts>;
}

/**
 * One tenant's copy of the help, one page per area: `https://<host>/TDWebApi/Home/section/TicketStatuses`. Every
 * tenant serves the same help; an older tenant's copy lists the methods in another order or with shorter remarks,
 * so its stored start reaches methods the vendor's own copy cuts off.
 */
export const helpCopy = (host: string, area: string) =>
  `https://${host}${PRODUCTION_BASE}/Home/section/${area.replaceAll(' ', '')}`;

/** The vendor's public copy of the help, one page per area: `…/TDWebApi/Home/section/TicketStatuses`. */
export const helpPage = (area: string) => helpCopy('solutions.teamdynamix.com', area);

/** Dartmouth's copy of the help, an older version than the vendor's: the one where most later methods could be read. */
export const dartmouthCopy = (area: string) => helpCopy('services.dartmouth.edu', area);

export const perIp = (calls: number, windowSeconds: number): RateLimit => ({
  calls,
  windowSeconds,
  scope: 'ip',
});

export const perUser = (calls: number, windowSeconds: number): RateLimit => ({
  calls,
  windowSeconds,
  scope: 'user',
});

export const perOrganization = (calls: number, windowSeconds: number): RateLimit => ({
  calls,
  windowSeconds,
  scope: 'organization',
});

export const NOT_DOCUMENTED = 'not documented';
