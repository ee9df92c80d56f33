import { useState } from 'react';
import { useNavigate } from 'react-router';
import { usePreloadScreen } from '@/lib/preload-screen';
import type { Failure } from '../errors/describe-failure';
import type { SignInMethod } from '../session';
import type { IssuedToken } from './issued-token';

/** The start of a session, fetched on demand: the first page (the password form) has no use for it before a token. */
export const loadStartSession = () => import('./start-session');

/** What is particular to one way of signing in: the rest (`useSignIn`) is the same for all. */
export interface SignInSteps {
  method: SignInMethod;
  /** The screen to go to once signed in: a return path. */
  to: string;
  /** The call that brings the token; what it throws, `describe` puts into words. */
  call: () => Promise<IssuedToken>;
  describe: (error: unknown) => Failure | Promise<Failure>;
  /** The organization an admin-key session signs in with (not a secret: the key is never kept). */
  beid?: string;
}

/** What the form that started a sign-in hears of it. */
export interface SignInForm {
  /** The token has come: the form forgets the secret that brought it. */
  onToken?: (issued: IssuedToken) => void;
  /** The call failed, or its token cannot be a session: nothing changed. */
  onFailure: (failure: Failure) => void;
}

/**
 * How every sign-in ends, whatever its method (password, admin key, pasted token, single sign-on): the call, the
 * token, the session, the navigation. `signIn` fetches the code of the screen at `to` while the call runs; once the
 * token is here (and handed to the form), it starts the session after that code has come, so the form stays, busy,
 * instead of an empty loading state showing in between, and replaces the form in history with that screen. A
 * failure changes nothing but `isPending`: the form hears it in words.
 */
export function useSignIn() {
  const navigate = useNavigate();
  const preloadScreen = usePreloadScreen();
  const [isPending, setPending] = useState(false);

  function signIn(steps: SignInSteps, form: SignInForm) {
    setPending(true);
    const code = preloadScreen(steps.to);
    const fail = (failure: Failure) => {
      setPending(false);
      form.onFailure(failure);
    };
    steps
      .call()
      .then(async (issued) => {
        form.onToken?.(issued);
        const [{ startSession }] = await Promise.all([loadStartSession(), code]);
        const result = startSession(issued, steps.method, steps.beid);
        if (result.ok) void navigate(steps.to, { replace: true });
        else fail({ kind: 'unknown', message: result.message });
      })
      .catch(async (error: unknown) => fail(await steps.describe(error)));
  }

  return { isPending, signIn };
}
