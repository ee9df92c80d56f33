// What submitting the password form runs, fetched on the form's first use rather than with the first page.
import { api, signInConnection } from '@/session/client/api';
import { issuedTokenFrom, type IssuedToken } from '@/session/sign-in/issued-token';

/**
 * The password login at `endpoint` (one of `PASSWORD_ENDPOINTS`): the token it answers, and the connection it was
 * issued on.
 */
export async function loginWithPassword({
  endpoint,
  username,
  password,
}: {
  endpoint: string;
  username: string;
  password: string;
}): Promise<IssuedToken> {
  const connection = signInConnection();
  const answer = await api.send({
    method: 'POST',
    path: endpoint,
    body: { username, password },
    auth: false,
    base: connection.baseUrl,
  });
  return issuedTokenFrom(answer, connection);
}
