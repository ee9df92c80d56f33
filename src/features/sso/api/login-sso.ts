import { api, signInConnection } from '@/session/client/api';
import { issuedTokenFrom, type IssuedToken } from '@/session/sign-in/issued-token';

export type SsoTokenResult = { kind: 'token'; issued: IssuedToken } | { kind: 'no-session' };

/**
 * Reads the token from `loginsso` with this browser's SSO session (a same-origin cookie). Without a session the
 * service redirects to the identity provider; that redirect is not followed here, it means "no session".
 */
export async function readSsoToken(connection = signInConnection()): Promise<SsoTokenResult> {
  const response = await api.send({
    method: 'GET',
    path: '/api/auth/loginsso',
    auth: false,
    redirect: 'manual',
    base: connection.baseUrl,
  });
  if (response.redirected) return { kind: 'no-session' };
  const issued = issuedTokenFrom(response, connection);
  return issued.token === '' ? { kind: 'no-session' } : { kind: 'token', issued };
}
