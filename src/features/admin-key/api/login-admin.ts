import { useMutation } from '@tanstack/react-query';
import { api, signInConnection } from '@/session/api';
import { issuedTokenFrom, type IssuedToken } from '@/session/issued-token';

export interface AdminKey {
  beid: string;
  webServicesKey: string;
}

/** `loginadmin` with an organization's BEID and WebServicesKey; never touches the current session. */
export async function loginWithAdminKey({ beid, webServicesKey }: AdminKey): Promise<IssuedToken> {
  const connection = signInConnection();
  const response = await api.send({
    method: 'POST',
    path: '/api/auth/loginadmin',
    body: { BEID: beid, WebServicesKey: webServicesKey },
    auth: false,
    base: connection.baseUrl,
  });
  return issuedTokenFrom(response, connection);
}

export function useAdminLoginMutation() {
  return useMutation({ mutationFn: loginWithAdminKey, meta: { handlesOwnErrors: true } });
}
