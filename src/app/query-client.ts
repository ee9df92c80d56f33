import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { offerConnectionsInPage } from '@/session/connections/list-connections';

function onError(error: unknown) {
  // Loaded with the first failure: the first page has no use for the policy, the wording of failures or notices.
  void Promise.all([import('@/session/client/session-error-policy'), import('./notices/notice-store')]).then(
    async ([{ errorPolicy }, { useNoticeStore }]) => {
      const { push } = useNoticeStore.getState();
      try {
        const decision = await errorPolicy.decide(error);
        // Session endings show on the sign-in screen; everything else needs a notice here.
        if (!decision.signOut) push('error', decision.message);
      } catch {
        push('error', 'Something went wrong. Try again.');
      }
    },
    // Code that cannot be fetched is reported as a stale build (routing/reload-on-stale-chunk.ts); nothing to show here.
    () => undefined,
  );
}

/**
 * Every failed query and every mutation that does not handle its own errors goes through the error policy.
 * No automatic retries: a 4xx will not change by asking again, and each call counts against the rate limit.
 * Nothing goes stale (`staleTime`, set here for every query): what the console reads is fetched again only when
 * its session changes, and its keys say so (a user record is keyed by connection and user).
 * It starts with what the page came with: this server's connection list.
 */
export function createQueryClient(): QueryClient {
  const queryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (mutation.meta?.handlesOwnErrors !== true) onError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
  offerConnectionsInPage(queryClient);
  return queryClient;
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { handlesOwnErrors?: boolean };
  }
}
