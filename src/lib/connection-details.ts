// Kept apart from connection.ts: only screens after sign-in need these, and the sign-in page loads connection.ts.
import type { Connection } from './connection';

/** The service's own SSO page, to open in a new tab for the paste flow. */
export function ssoPageUrl(connection: Connection): string {
  return `${connection.upstream ?? connection.baseUrl}/api/auth/loginsso`;
}

/** The address a tool outside the browser would call, e.g. for a curl command. */
export function directBaseUrl(connection: Connection, origin: string): string {
  return connection.upstream ?? `${origin}${connection.baseUrl}`;
}
