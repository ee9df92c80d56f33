import { api, signInConnection } from '@/session/api';
import { issuedTokenFrom, type IssuedToken } from '@/session/issued-token';
import type { PasswordLogin } from './password-endpoints';

/** The password login: the token it answers, and the connection it was issued on. */
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
