import { isSandboxBase } from '@contract/web-api/bases';
import type { Connection } from './connection';

/**
 * What a connection's data is, as the console marks it: a tenant's production data (the one that can do harm), a
 * sandbox's (`/SBTDWebApi`, here or at a tenant), or this server's emulator on its production path (nobody's
 * shared data; `upstream` null, whatever its label says).
 */
export type ConnectionKind = 'production' | 'sandbox' | 'emulator';

export function connectionKind(connection: Connection): ConnectionKind {
  if (isSandboxBase(connection.upstream ?? connection.baseUrl)) return 'sandbox';
  return connection.upstream === null ? 'emulator' : 'production';
}
