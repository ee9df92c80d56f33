import type { UserRecord } from '../contract/wire.ts';

/** GET /api/auth/getuser once, to be sure the token the load will send is accepted for the right user. */
export async function getUser(api: string, token: string): Promise<UserRecord> {
  const res = await fetch(`${api}/auth/getuser`, { headers: { Authorization: `Bearer ${token}` } });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`GET /auth/getuser answered ${res.status}: ${body}`);
  return JSON.parse(body) as UserRecord;
}
