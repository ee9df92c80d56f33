import { useMutation } from '@tanstack/react-query';
import { ApiHttpError } from '@/lib/api-errors';
import { api, signInConnection } from '@/session/client/api';
import { describeFailure, type Failure } from '@/session/errors/describe-failure';
import type { IssuedToken } from '@/session/sign-in/issued-token';
import { startSession } from '@/session/sign-in/start-session';
import { useEnterSession } from '@/session/sign-in/use-enter-session';

/** One getuser with a pasted token, before it may become the session: only the server can tell it is genuine. */
export async function verifyPastedToken(token: string): Promise<IssuedToken> {
  const connection = signInConnection();
  const response = await api.send({
    method: 'GET',
    path: '/api/auth/getuser',
    token,
    base: connection.baseUrl,
  });
  return { token, serverDate: response.serverDate, connection };
}

/**
 * Why a pasted token was not taken, said of the token and never of the session: before sign-in there is none that
 * could have ended, and on the decoder the session is another token altogether.
 */
export function pastedTokenRefusal(error: unknown): Pick<Failure, 'message' | 'details'> {
  const described = describeFailure(error);
  if (error instanceof ApiHttpError && error.status === 401) {
    const said = error.serverMessage ? ` The server said: ${error.serverMessage}` : '';
    return { message: `The server did not accept the token.${said}`, details: described.details };
  }
  return { message: `The token could not be verified. ${described.message}`, details: described.details };
}

/**
 * Sign-in with a pasted token, from the click to `next`: the verifying call, the start of the session and the way
 * there are all here. The page renders `isPending` and reports what `signIn` hands its form: that the token has
 * been used (so it can forget it), and a failure in words.
 */
export function usePastedTokenSignIn(next: string) {
  const mutation = useMutation({ mutationFn: verifyPastedToken, meta: { handlesOwnErrors: true } });
  const enterAt = useEnterSession();

  function signIn(
    token: string,
    form: { onUsed: () => void; onFailure: (failure: Pick<Failure, 'message' | 'details'>) => void },
  ) {
    // The next screen's code comes while getuser runs, so no empty loading state shows in between.
    const enter = enterAt(next);
    mutation.mutate(token, {
      onSuccess: (issued) =>
        void enter(() => startSession(issued, 'pasted')).then((result) => {
          form.onUsed();
          if (!result.ok) form.onFailure({ message: result.message });
        }),
      onError: (error) => form.onFailure(pastedTokenRefusal(error)),
    });
  }

  return { isPending: mutation.isPending, signIn };
}
