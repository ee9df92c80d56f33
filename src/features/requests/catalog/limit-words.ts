import type { DocumentedLimit } from '@contract/catalog/catalog-entry';

const SCOPES = { ip: 'per IP address', user: 'per user', organization: 'per organization' } as const;

const UNITS = { 1: 'second', 60: 'minute', 3600: 'hour' } as const;

/** A window in words: "a minute", "every 2 minutes", "every 10 seconds". */
function windowWords(seconds: number): string {
  if (seconds === 3600) return 'an hour';
  for (const size of [3600, 60, 1] as const) {
    if (seconds === size) return `a ${UNITS[size]}`;
    if (seconds % size === 0) return `every ${seconds / size} ${UNITS[size]}s`;
  }
  return `every ${seconds} seconds`;
}

/** An operation's documented limit as the catalog shows it: "60 calls a minute per IP address". */
export function limitWords(limit: DocumentedLimit): string {
  if (limit === 'not documented') return 'Limit not documented';
  return `${limit.calls} ${limit.calls === 1 ? 'call' : 'calls'} ${windowWords(limit.windowSeconds)} ${SCOPES[limit.scope]}`;
}
