import type { QueryClient } from '@tanstack/react-query';
import { useSessionStore } from './session-store';

/** Server state belongs to one session: it is dropped when the session ends or another user's begins. */
export function startSessionLifecycle(queryClient: QueryClient): () => void {
  return useSessionStore.subscribe((state, previous) => {
    const before = previous.session;
    const after = state.session;
    if (before && (!after || after.username !== before.username)) queryClient.clear();
  });
}
