import { readFetch, type RawResponse } from './http-client.ts';

/** POSTs a body (JSON-encoded unless already a string) with a content type (application/json by default). */
export async function post(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  return readFetch(
    await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

/** GETs with an Authorization header exactly as given (none when undefined) and any other headers. */
export async function getWithAuth(
  url: string,
  authorization?: string,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  const auth: Record<string, string> = authorization === undefined ? {} : { Authorization: authorization };
  return readFetch(await fetch(url, { headers: { ...headers, ...auth } }));
}

/** GET /auth/getuser with `Authorization: Bearer <token>`. */
export function getUser(api: string, token: string): Promise<RawResponse> {
  return getWithAuth(`${api}/auth/getuser`, `Bearer ${token}`);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
