import { useEffect } from 'react';
import { useNow } from './ticker';
import { remainingMs, useSessionStore } from '../stores/session-store';

/** Ends the session the moment its token expires (checked every second and when the tab is shown again). */
export function useExpiryWatch() {
  const browserNow = useNow();
  const session = useSessionStore((s) => s.session);
  useEffect(() => {
    if (session && remainingMs(session) <= 0) useSessionStore.getState().signOut('expired');
  }, [browserNow, session]);
}
