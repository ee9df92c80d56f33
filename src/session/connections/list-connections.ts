import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CONNECTIONS_ELEMENT_ID, EMULATOR_CONNECTION } from '@contract/wire';
import { BUILT_IN_CONNECTIONS, type Connection, type ConnectionOffer } from '@/lib/connection';
import { useConnectionStore } from '../stores/connection-store';
import { parseConnections } from './parse-connections';

/** What this server offers when its list cannot be read: its own API, as before there was a list. */
const BUILT_IN_OFFER: ConnectionOffer = {
  connections: [...BUILT_IN_CONNECTIONS],
  defaultId: EMULATOR_CONNECTION,
};

/**
 * This server's connections: its own API while its emulator runs, and every tenant its relay is configured for. The
 * list is shared by every sign-in screen (and the app, which offers it before anything renders), so it lives in the
 * session room, beside the store of the one chosen, rather than in a feature.
 */
export async function listConnections(signal?: AbortSignal): Promise<ConnectionOffer> {
  try {
    // Loaded here: the page the server serves carries the list, so its first visit has no other use for the client.
    const { api } = await import('@/session/client/api');
    const answer = await api.send({ method: 'GET', path: '/relay', base: '', auth: false, signal });
    return (answer.body.type === 'json' && parseConnections(answer.body.data)) || BUILT_IN_OFFER;
  } catch {
    return BUILT_IN_OFFER;
  }
}

/**
 * The list the server wrote into the page (its index.html), read as `GET /relay`'s answer is; null when the page
 * has none (Vite's dev server serves its own) or one that is not the list.
 */
function connectionsInPage(): ConnectionOffer | null {
  try {
    return parseConnections(JSON.parse(document.getElementById(CONNECTIONS_ELEMENT_ID)?.textContent ?? ''));
  } catch {
    return null;
  }
}

const connectionsQuery = queryOptions({
  queryKey: ['connections'],
  queryFn: async ({ signal }) => {
    const offer = await listConnections(signal);
    useConnectionStore.getState().offer(offer);
    return offer;
  },
  // Nothing observes the query (below), so nothing would keep it from being collected and fetched again.
  gcTime: Infinity,
});

/**
 * Before anything renders: the list the page came with, into the cache and the store, so that the sign-in form
 * shows complete at once and asks for nothing. A page without it leaves the list to be fetched (`GET /relay`), as
 * is it again after a sign-out clears the cache.
 */
export function offerConnectionsInPage(queryClient: QueryClient) {
  const offer = connectionsInPage();
  if (!offer) return;
  useConnectionStore.getState().offer(offer);
  void queryClient.prefetchQuery({ ...connectionsQuery, initialData: offer });
}

/**
 * The list, fetched once into the query cache and read from there. Not `useQuery`: the picker is on the first
 * page, where this list is the only query, and `useQuery`'s observer would add about 2 KB (gzip) to that page.
 */
export function useConnections(): { data: Connection[] | undefined } {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const data = useSyncExternalStore(subscribe, () => queryClient.getQueryData(connectionsQuery.queryKey));
  // Again after the cache is cleared (a sign-out clears it).
  useEffect(() => {
    if (data === undefined) void queryClient.prefetchQuery(connectionsQuery);
  }, [queryClient, data]);
  return { data: data?.connections };
}
