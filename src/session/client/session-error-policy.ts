import { ApiHttpError } from '@/lib/api-errors';
import { api } from './api';
import { createErrorPolicy } from '../errors/error-policy';
import { remainingMs, useSessionStore } from '../stores/session-store';

/** The console's error policy, wired to its session and its one API client. */
export const errorPolicy = createErrorPolicy({
  isExpired: () => remainingMs(useSessionStore.getState().session) <= 0,
  sessionKey: () => useSessionStore.getState().session?.token ?? null,
  probe: async () => {
    try {
      await api.send({ method: 'GET', path: '/api/auth/getuser' });
      return true;
    } catch (error) {
      if (error instanceof ApiHttpError && error.status === 401) return false;
      throw error;
    }
  },
  signOut: (reason) => useSessionStore.getState().signOut(reason),
});
