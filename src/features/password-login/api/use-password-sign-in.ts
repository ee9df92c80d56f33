import { useState } from 'react';
import { loadOnce } from '@/lib/load-once';
import type { Failure } from '@/session/errors/describe-failure';
import { useEnterSession } from '@/session/sign-in/use-enter-session';
import { describeFailureOnDemand, preloadFormParts } from '../components/sign-in-on-demand';
import type { PasswordLogin } from './password-login';

/** The login request and the start of the session: loaded by the form's first use, or by the submit at the latest. */
const loadPasswordSignIn = loadOnce(() => import('./password-sign-in'));

/**
 * Password sign-in, from the submit to the screen it returns to: the login request, the start of the session and
 * the way there are all here; the page renders `isPending` and reports what `signIn` hands its form (the token's
 * arrival, so it can forget the password, and a failure in words). Not `useMutation`: this is the first page's only
 * mutation, and the observer behind `useMutation` would add about 0.5 KB (gzip) to that page.
 */
export function usePasswordSignIn(returnTo: string) {
  const enterAt = useEnterSession();
  const [isPending, setPending] = useState(false);

  function signIn(
    login: PasswordLogin,
    form: { onTokenArrived: () => void; onFailure: (failure: Failure) => void },
  ) {
    const enter = enterAt(returnTo);
    setPending(true);
    void loadPasswordSignIn()
      .then(({ loginWithPassword }) => loginWithPassword(login))
      .then(
        (issued) => {
          form.onTokenArrived();
          void enter(() =>
            loadPasswordSignIn().then(({ startSession }) => startSession(issued, 'password')),
          ).then((result) => {
            if (result.ok) return;
            setPending(false);
            form.onFailure({ kind: 'unknown', message: result.message });
          });
        },
        (error: unknown) => {
          setPending(false);
          void describeFailureOnDemand(error).then(form.onFailure);
        },
      );
  }

  return { isPending, signIn, preload: () => preloadFormParts(loadPasswordSignIn) };
}
