import type {
  BodyKind,
  DocumentedLimit,
  OperationEffect,
  RateLimit,
} from '../../contract/catalog/catalog-entry.ts';

/**
 * The shape of the catalog's facts source: per area of the Web API, the help page its facts were read from, and
 * per operation (`METHOD /path/template`, as the catalog spells it) what it does, whether it writes, its limit.
 * Summaries are our own words; only the facts are taken from the sources, never their sentences.
 */

export interface OperationFacts {
  summary: string;
  effect: OperationEffect;
  limit: DocumentedLimit;
  /** Where the limit was read, when it is not the area's help page (a question answered on the vendor's portal, a public client). */
  source?: string;
  /** A public client (repository and path) that states the same limit for the method. */
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

/** The vendor's public copy of the help, one page per area: `…/TDWebApi/Home/section/TicketStatuses`. */
export const helpPage = (area: string) =>
  `https://solutions.teamdynamix.com/TDWebApi/Home/section/${area.replaceAll(' ', '')}`;

export const perIp = (calls: number, windowSeconds: number): RateLimit => ({
  calls,
  windowSeconds,
  scope: 'ip',
});

export const perOrganization = (calls: number, windowSeconds: number): RateLimit => ({
  calls,
  windowSeconds,
  scope: 'organization',
});

export const NOT_DOCUMENTED = 'not documented';
