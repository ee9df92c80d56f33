import type { LogoutSsoAnswer } from '@contract/wire';
import { api } from '@/session/client/api';

function isAnswer(data: unknown): data is LogoutSsoAnswer {
  if (typeof data !== 'object' || data === null) return false;
  const { ended, endSessionUrl } = data as Record<string, unknown>;
  return typeof ended === 'boolean' && (endSessionUrl === null || typeof endSessionUrl === 'string');
}

/**
 * The emulator's SSO sign-out (`POST /api/auth/logoutsso`, its own extension) on the API base the session came
 * from: it ends the browser's SSO session and says where to end the session at the identity provider.
 */
export async function logoutSso(baseUrl: string): Promise<LogoutSsoAnswer> {
  const answer = await api.send({
    method: 'POST',
    path: '/api/auth/logoutsso',
    auth: false,
    base: baseUrl,
  });
  const data = answer.body.type === 'json' ? answer.body.data : null;
  if (!isAnswer(data)) throw new Error('The server did not answer the SSO sign-out as expected.');
  return data;
}
