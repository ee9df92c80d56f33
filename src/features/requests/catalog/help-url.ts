import type { Connection } from '@/lib/connection';
import type { CatalogEntry } from '@contract/catalog/catalog-entry';
import { PRODUCTION_BASE } from '@contract/web-api/bases';

/** The Web API's public help, for connections with no tenant of their own (this server's emulator). */
export const PUBLIC_HELP_BASE = `https://api.teamdynamix.com${PRODUCTION_BASE}`;

/** Where a connection's Web API serves its help: the tenant's own base (production or sandbox), or the public one. */
export function helpBase(connection: Connection): string {
  return connection.upstream?.replace(/\/+$/, '') ?? PUBLIC_HELP_BASE;
}

/**
 * An operation's page in the Web API's help: its area's section (the area's name without spaces, as in
 * `Home/section/TicketPriorities`), at the operation's own anchor (`#GETapi/{appId}/tickets/priorities`).
 */
export function helpUrl(base: string, entry: Pick<CatalogEntry, 'area' | 'method' | 'path'>): string {
  return `${base}/Home/section/${encodeURIComponent(entry.area.replace(/\s+/g, ''))}#${entry.method}${entry.path.replace(/^\//, '')}`;
}
