import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { BUILT_IN_CONNECTIONS, type Connection } from '@/lib/connection';
import { api } from '@/session/api';

const NAME = /^[a-z0-9][a-z0-9-]*$/;

/** The relay's tenants as connections; entries that are not what the server promises are left out. */
export function parseRelays(answer: unknown): Connection[] {
  const data =
    typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>).tenants : null;
  if (!Array.isArray(data)) return [];
  return data.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { name, base, upstream } = entry as Record<string, unknown>;
    if (typeof name !== 'string' || !NAME.test(name) || base !== `/relay/${name}`) return [];
    if (typeof upstream !== 'string' || !/^https?:\/\/[^/]/.test(upstream)) return [];
    return [
      { id: `relay:${name}`, label: `${name} (${upstream}, through this server)`, baseUrl: base, upstream },
    ];
  });
}

/** This server's own API and every tenant its relay is configured for. A server without a relay has only its own. */
export async function listConnections(signal?: AbortSignal): Promise<Connection[]> {
  try {
    const response = await api.send({ method: 'GET', path: '/relay', base: '', auth: false, signal });
    return [
      ...BUILT_IN_CONNECTIONS,
      ...(response.body.type === 'json' ? parseRelays(response.body.data) : []),
    ];
  } catch {
    return [...BUILT_IN_CONNECTIONS];
  }
}

const connectionsQuery = queryOptions({
  queryKey: ['connections'],
  queryFn: ({ signal }) => listConnections(signal),
  staleTime: Infinity,
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
  return { data };
}
