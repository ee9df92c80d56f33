import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { EMULATOR_CONNECTION } from '@contract/wire';
import { BUILT_IN_CONNECTIONS, type Connection, type ConnectionOffer } from '@/lib/connection';
import { api } from '@/session/client/api';
import { parseConnections } from './parse-connections';
import { useConnectionStore } from '@/session/stores/connection-store';

/** What this server offers when its list cannot be read: its own API, as before there was a list. */
const BUILT_IN_OFFER: ConnectionOffer = {
  connections: [...BUILT_IN_CONNECTIONS],
  defaultId: EMULATOR_CONNECTION,
};

/** This server's connections: its own API while its emulator runs, and every tenant its relay is configured for. */
export async function listConnections(signal?: AbortSignal): Promise<ConnectionOffer> {
  try {
    const response = await api.send({ method: 'GET', path: '/relay', base: '', auth: false, signal });
    return (response.body.type === 'json' && parseConnections(response.body.data)) || BUILT_IN_OFFER;
  } catch {
    return BUILT_IN_OFFER;
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
