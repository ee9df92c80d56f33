/**
 * The header on an answer refused by one of the relay's own limits (never on a tenant's answer, nor on the tenant's
 * limit the relay keeps for it): its value names which, so the console says it is the relay's limit, not the
 * tenant's.
 */
export const RELAY_LIMIT_HEADER = 'X-Relay-Limit';

export type RelayLimit = 'sign-ins' | 'body-size';
