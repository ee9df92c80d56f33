import type { UserRecord } from '../../contract/wire.ts';
import { readFetch, type RawResponse } from './http-client.ts';

/** A valid `POST /api/people` body whose names and e-mail are unique to `tag`. */
export function personBody(tag: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    FirstName: 'Test',
    LastName: `Person ${tag}`,
    PrimaryEmail: `person-${tag}@example.edu`,
    ...extra,
  };
}

function authHeaders(token: string | undefined): Record<string, string> {
  return token === undefined ? {} : { Authorization: `Bearer ${token}` };
}

export async function createPerson(
  api: string,
  token: string | undefined,
  body: unknown,
): Promise<RawResponse> {
  const res = await fetch(`${api}/people`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...authHeaders(token) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return readFetch(res);
}

export async function getPerson(api: string, token: string | undefined, uid: string): Promise<RawResponse> {
  return readFetch(await fetch(`${api}/people/${uid}`, { headers: authHeaders(token) }));
}

export async function lookupPeople(
  api: string,
  token: string | undefined,
  query: { searchText?: string; maxResults?: string | number },
): Promise<RawResponse> {
  const params = new URLSearchParams();
  if (query.searchText !== undefined) params.set('searchText', query.searchText);
  if (query.maxResults !== undefined) params.set('maxResults', String(query.maxResults));
  return readFetch(await fetch(`${api}/people/lookup?${params.toString()}`, { headers: authHeaders(token) }));
}

/** The records of a 200 lookup answer. */
export function records(res: RawResponse): UserRecord[] {
  if (res.status !== 200) throw new Error(`lookup answered ${res.status}: ${res.text}`);
  return JSON.parse(res.text) as UserRecord[];
}

/** A person's edit: the whole record (`POST`) or a JSON Patch (`PATCH`); a string body is sent as it is. */
export async function editPerson(
  api: string,
  token: string | undefined,
  uid: string,
  method: 'POST' | 'PATCH',
  body: unknown,
): Promise<RawResponse> {
  const res = await fetch(`${api}/people/${uid}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...authHeaders(token) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return readFetch(res);
}
