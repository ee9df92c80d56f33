import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserRecord } from '@contract/wire';
import { rateMethodOf } from '@/lib/rate-method';
import { api } from '@/session/client/api';

/** Types at the boundary: the fields the console reads must be there with the right types. */
function parseUserRecord(data: unknown): UserRecord {
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new Error('getuser did not answer an object.');
  const record = data as Record<string, unknown>;
  for (const key of ['UID', 'UserName', 'FullName', 'BEID'] as const) {
    if (typeof record[key] !== 'string') throw new Error(`getuser answered a record without a text ${key}.`);
  }
  if (typeof record.TypeID !== 'number')
    throw new Error('getuser answered a record without a numeric TypeID.');
  for (const key of ['Applications', 'OrgApplications'] as const) {
    if (record[key] !== undefined && !Array.isArray(record[key]))
      throw new Error(`getuser answered a non-list ${key}.`);
  }
  return data as UserRecord;
}

export const GET_USER_PATH = '/api/auth/getuser';

/** The rate-limit key getuser calls are counted under. */
export const GET_USER_RATE_METHOD = rateMethodOf('GET', GET_USER_PATH);

async function getCurrentUser(signal?: AbortSignal): Promise<UserRecord> {
  const answer = await api.send({ method: 'GET', path: GET_USER_PATH, signal });
  if (answer.body.type !== 'json') throw new Error('getuser did not answer JSON.');
  return parseUserRecord(answer.body.data);
}

/**
 * Cached for the token's life: a user record does not change under a token, so no refetch on focus or navigation
 * (no query of the console goes stale: the query client's default).
 * Keyed by connection and user: the same user name on two tenants is two records.
 */
export function currentUserQuery(connectionId: string, username: string) {
  return queryOptions({
    queryKey: ['auth', 'getuser', connectionId, username],
    queryFn: ({ signal }) => getCurrentUser(signal),
    gcTime: Infinity,
  });
}

export function useCurrentUser(connectionId: string, username: string) {
  return useQuery(currentUserQuery(connectionId, username));
}
