import { useEffect } from 'react';
import { subscribeToTicks } from './ticker';
import { remainingMs, useSessionStore } from '../stores/session-store';

/**
 * Ends the session the moment its token expires (checked every second and when the tab is shown again). It listens
 * to the ticker rather than rendering on it, so that the layout it runs in is not drawn again every second; and
 * without a session it starts no ticker at all.
 */
export function useExpiryWatch() {
  const session = useSessionStore((s) => s.session);
  useEffect(() => {
    if (!session) return;
    const check = () => {
      const store = useSessionStore.getState();
      if (store.session === session && remainingMs(session) <= 0) store.signOut('expired');
    };
    check();
    return subscribeToTicks(check);
  }, [session]);
}
