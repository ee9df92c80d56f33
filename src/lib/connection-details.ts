// Kept apart from connection.ts: only screens after sign-in need these, and the sign-in page loads connection.ts.
import { isSandboxBase } from '@contract/web-api/bases';
import type { Connection } from './connection';

/** A sandbox base (`/SBTDWebApi`, here or at a tenant): its data is not production's, and the console says so. */
export function isSandbox(connection: Connection): boolean {
  return isSandboxBase(connection.upstream ?? connection.baseUrl);
}

/** The service's own SSO page, to open in a new tab for the paste flow. */
export function ssoPageUrl(connection: Connection): string {
  return `${connection.upstream ?? connection.baseUrl}/api/auth/loginsso`;
}

/** The address a tool outside the browser would call, e.g. for a curl command. */
export function directBaseUrl(connection: Connection, origin: string): string {
  return connection.upstream ?? `${origin}${connection.baseUrl}`;
}
