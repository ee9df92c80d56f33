import type { UserRecord } from '../contract/wire.ts';

/** The demo realm's active user with TDPeople (server/realm/demo.json). */
export const DEMO_USER = { username: 'jdoe@example.edu', password: 'Tdx-demo-2026' } as const;

/** POST /api/auth/login; answers the token, or throws with the status and body on anything but 200. */
export async function login(
  api: string,
  username: string = DEMO_USER.username,
  password: string = DEMO_USER.password,
) {
  const res = await fetch(`${api}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`POST /auth/login answered ${res.status}: ${body}`);
  if (body.split('.').length !== 3) throw new Error(`POST /auth/login answered 200 without a JWT: ${body}`);
  return body;
}

/** GET /api/auth/getuser once, to be sure the token the load will send is accepted for the right user. */
export async function getUser(api: string, token: string): Promise<UserRecord> {
  const res = await fetch(`${api}/auth/getuser`, { headers: { Authorization: `Bearer ${token}` } });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`GET /auth/getuser answered ${res.status}: ${body}`);
  return JSON.parse(body) as UserRecord;
}
