import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { useNoticeStore } from './notices';

function onError(error: unknown) {
  const { push } = useNoticeStore.getState();
  // Loaded with the first failure: the first page has no use for the policy or for the wording of failures.
  void import('@/session/policy')
    .then(({ errorPolicy }) => errorPolicy.decide(error))
    // Session endings show on the sign-in screen; everything else needs a notice here.
    .then(
      (decision) => {
        if (!decision.signOut) push('error', decision.message);
      },
      () => push('error', 'Something went wrong. Try again.'),
    );
}

/**
 * Every failed query and every mutation that does not handle its own errors goes through the error policy.
 * No automatic retries: a 4xx will not change by asking again, and each call counts against the rate limit.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { handlesOwnErrors?: boolean };
  }
}
