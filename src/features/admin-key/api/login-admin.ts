import { useMutation } from '@tanstack/react-query';
import type { Connection } from '@/lib/connection';
import { api, signInConnection } from '@/session/client/api';
import { issuedTokenFrom, type IssuedToken } from '@/session/sign-in/issued-token';

export interface AdminKey {
  beid: string;
  webServicesKey: string;
}

/**
 * `loginadmin` on `connection` with an organization's BEID and WebServicesKey. No session is read or started
 * (`auth: false`); each connection's rate limit is its own (the request path counts per base).
 */
export async function requestAdminToken(
  connection: Connection,
  { beid, webServicesKey }: AdminKey,
  signal?: AbortSignal,
): Promise<IssuedToken> {
  const response = await api.send({
    method: 'POST',
    path: '/api/auth/loginadmin',
    body: { BEID: beid, WebServicesKey: webServicesKey },
    auth: false,
    base: connection.baseUrl,
    signal,
  });
  return issuedTokenFrom(response, connection);
}

/** The key on the connection the next sign-in uses; never touches the current session. */
function loginWithAdminKey(key: AdminKey): Promise<IssuedToken> {
  return requestAdminToken(signInConnection(), key);
}

export function useAdminLoginMutation() {
  return useMutation({ mutationFn: loginWithAdminKey, meta: { handlesOwnErrors: true } });
}
