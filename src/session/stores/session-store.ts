import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { now } from '@/lib/clock';
import { isGuid } from '@contract/is-guid';
import { parseConnection } from '@/lib/connection';
import { SIGN_IN_METHOD_LABELS, tokenPart, type Session, type SignInMethod } from '../session';

export type SignOutReason = 'user' | 'expired' | 'ended' | 'other-tab';

/** What signing in again needs to know about a session: who, and how. Holds nothing secret. */
export interface SignInHint {
  method: SignInMethod;
  username: string;
  beid?: string;
}

export function hintOf(session: Pick<Session, 'method' | 'username' | 'beid'>): SignInHint {
  return { method: session.method, username: session.username, beid: session.beid };
}

export interface SessionState {
  session: Session | null;
  /** Keep the token in memory only, not even in this tab's sessionStorage. */
  memoryOnly: boolean;
  lastSignOut: SignOutReason | null;
  /** The session the clock or the server ended, so its person can sign in again the same way (memory only). */
  endedSession: SignInHint | null;
  adopt: (session: Session) => void;
  signOut: (reason: SignOutReason) => void;
  setMemoryOnly: (memoryOnly: boolean) => void;
}

/** One user on one connection: the same user name on two tenants is two accounts. */
export function sameAccount(
  a: Pick<Session, 'username' | 'connection'>,
  b: Pick<Session, 'username' | 'connection'>,
) {
  return a.username === b.username && a.connection.id === b.connection.id;
}

export function serverNow(session: Pick<Session, 'clockOffsetMs'> | null): number {
  return now() + (session?.clockOffsetMs ?? 0);
}

export function remainingMs(session: Session | null): number {
  return session ? session.expiresAt - serverNow(session) : 0;
}

/**
 * A session from outside this tab's memory (its storage, another tab) is rebuilt from its token: what the token
 * says (claims, user, expiry) is read from the token again rather than trusted; one that disagrees with its token,
 * or has expired, is dropped.
 */
export function revalidateSession(value: unknown): Session | null {
  if (typeof value !== 'object' || value === null) return null;
  const stored = value as Partial<Session>;
  if (typeof stored.token !== 'string') return null;
  const read = tokenPart(stored.token);
  // Storage that disagrees with its own token was edited: trust neither.
  if (!read || read.part.expiresAt !== stored.expiresAt || read.part.username !== stored.username)
    return null;
  const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
  const session: Session = {
    ...read.part,
    method:
      typeof stored.method === 'string' && Object.hasOwn(SIGN_IN_METHOD_LABELS, stored.method)
        ? stored.method
        : 'pasted',
    obtainedAt: finite(stored.obtainedAt) ? stored.obtainedAt : now(),
    clockOffsetMs: finite(stored.clockOffsetMs) ? stored.clockOffsetMs : 0,
    connection: parseConnection(stored.connection),
    beid: typeof stored.beid === 'string' && isGuid(stored.beid) ? stored.beid : undefined,
  };
  return remainingMs(session) > 0 ? session : null;
}

export const SESSION_STORAGE_KEY = 'auth-console.session';

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      session: null,
      memoryOnly: false,
      lastSignOut: null,
      endedSession: null,
      adopt: (session) => set({ session, lastSignOut: null, endedSession: null }),
      // Only an end nobody chose keeps the hint: after "Sign out" the next person may be someone else.
      signOut: (reason) =>
        set((state) =>
          state.session
            ? {
                session: null,
                lastSignOut: reason,
                endedSession: reason === 'expired' || reason === 'ended' ? hintOf(state.session) : null,
              }
            : state,
        ),
      setMemoryOnly: (memoryOnly) => set({ memoryOnly }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      // sessionStorage on purpose: the token survives a reload of this tab and ends with it, never in localStorage.
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state) =>
        state.memoryOnly ? { memoryOnly: true } : { memoryOnly: false, session: state.session },
      merge: (persisted, current) => {
        const stored = (persisted ?? {}) as Partial<SessionState>;
        return {
          ...current,
          memoryOnly: stored.memoryOnly === true,
          session: revalidateSession(stored.session),
        };
      },
    },
  ),
);
