import { create } from 'zustand';
import { isSandbox } from '@/lib/connection-details';
import type { Session } from '@/session/session';
import type { ApiMethod } from '@contract/web-api/methods';

/** One sign-in on one connection: a new sign-in asks again. Holds nothing secret (not the token). */
const sessionKey = (session: Session) =>
  `${session.connection.id}\n${session.username}\n${session.obtainedAt}`;

interface WriteConsentState {
  /** The sessions (by `sessionKey`) whose person said not to be asked again, in this tab's memory only. */
  trusted: Record<string, true>;
  trust: (session: Session) => void;
}

export const useWriteConsentStore = create<WriteConsentState>()((set) => ({
  trusted: {},
  trust: (session) => set((s) => ({ trusted: { ...s.trusted, [sessionKey(session)]: true } })),
}));

/** A method that can change data: on a production connection it is sent only once its person says so. */
const isWrite = (method: ApiMethod) => method !== 'GET';

/**
 * Whether sending `method` on the session's connection asks first: a write on a connection that is not a sandbox,
 * unless its person said not to ask again for this connection in this session. Reads, and a sandbox, never ask.
 */
export function asksBeforeSending(
  method: ApiMethod,
  session: Session,
  trusted: Record<string, true>,
): boolean {
  return isWrite(method) && !isSandbox(session.connection) && !Object.hasOwn(trusted, sessionKey(session));
}
