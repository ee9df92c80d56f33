import type { QueryClient } from '@tanstack/react-query';
import { revalidateSession, sameAccount, useSessionStore } from '../stores/session-store';
import type { Session } from '../session';

type TabMessage = { type: 'signed-in'; session: Session } | { type: 'signed-out' } | { type: 'hello' };

const CHANNEL = 'auth-console.session';

/**
 * Keeps every open tab of the console on the same session: a sign-in or sign-out in one reaches the others at
 * once. A tab that adopts another user's session drops its cached data first, so it never shows one user's data
 * with another user's token.
 *
 * A tab that opens without a session (a new tab, a bookmark) says hello; a tab with a session replies with it, so
 * the new tab joins without a second sign-in. With no other tab open, nobody replies and it stays signed out.
 *
 * A session from another tab gets the checks a stored one gets (revalidateSession): it is rebuilt from its token,
 * and one that disagrees with its token or has expired is ignored.
 *
 * A memory-only session stays in the tab that signed in: it is never sent, nor handed to a new tab, so no other
 * tab adopts it (and none could write it to its own storage). Sign-outs are always sent: ending sessions
 * everywhere is the safe side.
 */
export function startCrossTabSync(queryClient: QueryClient): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  let applying = false;

  // Another tab's word is trusted no more than storage: anything may post on the channel of this origin.
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const message = event.data as Partial<Record<'type' | 'session', unknown>> | null;
    if (typeof message !== 'object' || message === null) return;
    applying = true;
    try {
      const { session: current, memoryOnly } = useSessionStore.getState();
      if (message.type === 'hello') {
        if (current && !memoryOnly) channel.postMessage({ type: 'signed-in', session: current });
      } else if (message.type === 'signed-out') {
        if (current) {
          useSessionStore.getState().signOut('other-tab');
          queryClient.clear();
        }
      } else if (message.type === 'signed-in') {
        const session = revalidateSession(message.session);
        if (!session || session.token === current?.token) return;
        if (!current || !sameAccount(current, session)) queryClient.clear();
        useSessionStore.getState().adopt(session);
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

  if (!useSessionStore.getState().session) channel.postMessage({ type: 'hello' } satisfies TabMessage);

  return () => {
    unsubscribe();
    channel.close();
  };
}
