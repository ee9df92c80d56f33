import { createApiClient } from '@/lib/api-client';
import { rateLimitBook } from './rate-limit-store';
import { serverNow, useSessionStore } from './session-store';

/** The emulator serves the console and the API on one origin; the relay to real tenants will add connections. */
export const DEFAULT_BASE_URL = '/TDWebApi';

/** The one API client of the console, reading the token from the session store. */
export const api = createApiClient({
  baseUrl: () => DEFAULT_BASE_URL,
  session: () => {
    const session = useSessionStore.getState().session;
    return session ? { token: session.token, expiresAt: session.expiresAt } : null;
  },
  serverNow: () => serverNow(useSessionStore.getState().session),
  rateLimits: rateLimitBook,
});
