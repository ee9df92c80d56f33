import { createApiClient } from '@/lib/api-client';
import type { Connection } from '@/lib/connection';
import { useConnectionStore } from '../stores/connection-store';
import { rateLimitBook } from '../stores/rate-limit-store';
import { serverNow, useSessionStore } from '../stores/session-store';

/**
 * The one API client of the console. Calls go to the session's connection (a token is only good where it was
 * issued), or before sign-in to the selected one, and carry the session's token.
 */
export const api = createApiClient({
  baseUrl: () =>
    useSessionStore.getState().session?.connection.baseUrl ?? useConnectionStore.getState().selected.baseUrl,
  session: () => {
    const session = useSessionStore.getState().session;
    return session ? { token: session.token, expiresAt: session.expiresAt } : null;
  },
  serverNow: () => serverNow(useSessionStore.getState().session),
  rateLimits: rateLimitBook,
});

/**
 * Where a sign-in goes: the picked connection, even while a session on another one is open (signing in there
 * replaces it). Sign-in calls send `base: signInConnection().baseUrl` and hand the same connection to the
 * session they start, so a token is verified where it will be used.
 */
export function signInConnection(): Connection {
  return useConnectionStore.getState().selected;
}
