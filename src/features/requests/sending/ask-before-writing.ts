import { create } from 'zustand';
import type { Connection } from '@/lib/connection';
import { connectionKind } from '@/lib/connection-kind';
import type { Session } from '@/session/session';
import type { CatalogEntry } from '@contract/catalog/catalog-entry';
import type { BuiltRequest } from '../form/request-form';

/** One sign-in on one connection: a new sign-in asks again. Holds nothing secret (not the token). */
const sessionKey = (session: Session) =>
  `${session.connection.id}\n${session.username}\n${session.obtainedAt}`;

interface WriteConsentState {
  /** The sessions (by `sessionKey`) whose person said not to be asked again, in this tab's memory only. */
  trusted: Record<string, true>;
  trust: (session: Session) => void;
  /** Confirmations on again for the session's connection, as they were before its person said not to ask. */
  distrust: (session: Session) => void;
}

export const useWriteConsentStore = create<WriteConsentState>()((set) => ({
  trusted: {},
  trust: (session) => set((s) => ({ trusted: { ...s.trusted, [sessionKey(session)]: true } })),
  distrust: (session) =>
    set((s) => {
      const { [sessionKey(session)]: _, ...rest } = s.trusted;
      return { trusted: rest };
    }),
}));

/** Whether the session's person said not to be asked again on its connection. */
export const isTrusted = (session: Session, trusted: Record<string, true>) =>
  Object.hasOwn(trusted, sessionKey(session));

/**
 * Whether a write on the connection asks first: only production data of a tenant, reached through the relay. The
 * console's own emulator (`upstream` null, production path or sandbox) is nobody's shared data, and a sandbox is
 * not production.
 */
export const asksOn = (connection: Connection) => connectionKind(connection) === 'production';

/**
 * Whether a request can change data: its catalog operation says so (a search sent by POST reads); a request the
 * catalog does not know is judged by its method, and anything but GET may write.
 */
const writes = (request: BuiltRequest, operation: CatalogEntry | undefined) =>
  operation ? operation.effect === 'write' : request.method !== 'GET';

/**
 * Whether sending the request (of catalog operation `operation`) on the session's connection asks first: a write
 * on a tenant's production connection, unless its person said not to ask again for this connection in this session.
 */
export function asksBeforeSending(
  request: BuiltRequest,
  operation: CatalogEntry | undefined,
  session: Session,
  trusted: Record<string, true>,
): boolean {
  return asksOn(session.connection) && writes(request, operation) && !isTrusted(session, trusted);
}
