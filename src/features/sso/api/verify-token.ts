import { ApiHttpError } from '@/lib/api-errors';
import { api, signInConnection } from '@/session/client/api';
import { describeFailure, type Failure } from '@/session/errors/describe-failure';
import type { IssuedToken } from '@/session/sign-in/issued-token';
import type { SignInSteps } from '@/session/sign-in/use-sign-in';

/** One getuser with a pasted token, before it may become the session: only the server can tell it is genuine. */
export async function verifyPastedToken(token: string): Promise<IssuedToken> {
  const connection = signInConnection();
  const answer = await api.send({
    method: 'GET',
    path: '/api/auth/getuser',
    token,
    base: connection.baseUrl,
  });
  return { token, serverDate: answer.serverDate, connection };
}

/**
 * Why a pasted token was not taken, said of the token and never of the session: before sign-in there is none that
 * could have ended, and on the decoder the session is another token altogether.
 */
export function pastedTokenRefusal(error: unknown): Failure {
  const described = describeFailure(error);
  if (error instanceof ApiHttpError && error.status === 401) {
    const said = error.serverMessage ? ` The server said: ${error.serverMessage}` : '';
    return {
      kind: 'invalid-credentials',
      message: `The server did not accept the token.${said}`,
      details: described.details,
    };
  }
  return {
    kind: described.kind,
    message: `The token could not be verified. ${described.message}`,
    details: described.details,
  };
}

/**
 * Pasted-token sign-in's own steps, for `useSignIn`: one getuser with the token, whose refusal is said of the token
 * (there is no session yet that could have ended).
 */
export function pastedTokenSignIn(token: string, to: string): SignInSteps {
  return { method: 'pasted', to, call: () => verifyPastedToken(token), describe: pastedTokenRefusal };
}
