import { send, type RawResponse } from './http-client.ts';

/** One call of the emulator's test-control API (`/_emulator/...`), a JSON body when given, a bearer when given. */
export function controlCall(
  origin: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<RawResponse> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token !== undefined) headers.Authorization = `Bearer ${token}`;
  return send(origin, {
    method,
    path: `/_emulator${path}`,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
