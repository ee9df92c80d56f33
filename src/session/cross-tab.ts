import type { QueryClient } from '@tanstack/react-query';
import { sameAccount, useSessionStore, type Session } from './session-store';

type TabMessage = { type: 'signed-in'; session: Session } | { type: 'signed-out' };

const CHANNEL = 'auth-console.session';

/**
 * Keeps every open tab of the console on the same session: a sign-in or sign-out in one reaches the others at
 * once. A tab that adopts another user's session drops its cached data first, so it never shows one user's data
 * with another user's token.
 *
 * A memory-only session stays in the tab that signed in: it is never sent, so no other tab adopts it (and none
 * could write it to its own storage). Sign-outs are always sent: ending sessions everywhere is the safe side.
 */
export function startCrossTabSync(queryClient: QueryClient): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  let applying = false;

  channel.onmessage = (event: MessageEvent<TabMessage>) => {
    const message = event.data;
    applying = true;
    try {
      const current = useSessionStore.getState().session;
      if (message.type === 'signed-out') {
        if (current) {
          useSessionStore.getState().signOut('other-tab');
          queryClient.clear();
        }
      } else if (message.type === 'signed-in' && message.session.token !== current?.token) {
        if (!current || !sameAccount(current, message.session)) queryClient.clear();
        useSessionStore.getState().adopt(message.session);
      }
    } finally {
      applying = false;
    }
  };

  const unsubscribe = useSessionStore.subscribe((state, previous) => {
    if (applying || state.session?.token === previous.session?.token) return;
    if (state.session && state.memoryOnly) return;
    channel.postMessage(
      state.session ? { type: 'signed-in', session: state.session } : { type: 'signed-out' },
    );
  });

  return () => {
    unsubscribe();
    channel.close();
  };
}
