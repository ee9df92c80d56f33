import { createApiClient } from '@/lib/api-client';
import { useConnectionStore } from './connection-store';
import { rateLimitBook } from './rate-limit-store';
import { serverNow, useSessionStore } from './session-store';

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
