import { useState } from 'react';
import { loadOnce } from '@/lib/load-once';
import type { IssuedToken } from '@/session/sign-in/issued-token';
import type { PasswordLogin } from './password-endpoints';

/** The login request and the start of the session: loaded by the form's first use, or by the submit at the latest. */
export const loadPasswordSignIn = loadOnce(() => import('./password-sign-in'));

/**
 * The password login as the sign-in page runs it, in `useMutation`'s shape (`mutate` with callbacks, `isPending`).
 * Not `useMutation` itself: this is the first page's only mutation, and the observer behind `useMutation` would
 * add about 0.5 KB (gzip) to that page. Failures are the page's to show (nothing else hears of them).
 */
export function useLoginMutation() {
  const [isPending, setPending] = useState(false);
  function mutate(
    login: PasswordLogin,
    callbacks: { onSuccess: (issued: IssuedToken) => void; onError: (error: unknown) => void },
  ) {
    setPending(true);
    void loadPasswordSignIn()
      .then(({ loginWithPassword }) => loginWithPassword(login))
      .then(callbacks.onSuccess, callbacks.onError)
      .finally(() => setPending(false));
  }
  return { isPending, mutate };
}
