import { useMutation } from '@tanstack/react-query';
import { api, signInConnection } from '@/session/client/api';
import type { IssuedToken } from '@/session/sign-in/issued-token';

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

export function useVerifyTokenMutation() {
  return useMutation({ mutationFn: verifyPastedToken, meta: { handlesOwnErrors: true } });
}
