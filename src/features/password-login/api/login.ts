import { useMutation } from '@tanstack/react-query';
import { api, signInConnection } from '@/session/api';
import { issuedTokenFrom, type IssuedToken } from '@/session/issued-token';

/** The two documented password endpoints; they behave the same. */
export const PASSWORD_ENDPOINTS = ['/api/auth', '/api/auth/login'] as const;
export type PasswordEndpoint = (typeof PASSWORD_ENDPOINTS)[number];

export interface PasswordLogin {
  endpoint: PasswordEndpoint;
  username: string;
  password: string;
}

export async function loginWithPassword({
  endpoint,
  username,
  password,
}: PasswordLogin): Promise<IssuedToken> {
  const connection = signInConnection();
  const response = await api.send({
    method: 'POST',
    path: endpoint,
    body: { username, password },
    auth: false,
    base: connection.baseUrl,
  });
  return issuedTokenFrom(response, connection);
}

export function useLoginMutation() {
  return useMutation({ mutationFn: loginWithPassword, meta: { handlesOwnErrors: true } });
}
