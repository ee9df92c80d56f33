import type { QueryClient } from '@tanstack/react-query';
import { useConnectionStore } from '../stores/connection-store';
import { sameAccount, useSessionStore } from '../stores/session-store';

/**
 * Server state belongs to one session: it is dropped when the session ends or another account's begins (another
 * user, or the same user name on another connection). The picker follows the session's connection, so what it
 * shows is where the session's calls go (also for a session adopted from another tab).
 */
export function startFollowingSession(queryClient: QueryClient): () => void {
  return useSessionStore.subscribe((state, previous) => {
    const before = previous.session;
    const after = state.session;
    if (before && (!after || !sameAccount(after, before))) queryClient.clear();
    if (after && after.connection.id !== useConnectionStore.getState().selected.id)
      useConnectionStore.getState().select(after.connection);
  });
}
