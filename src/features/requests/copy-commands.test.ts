import { describe, expect, it } from 'vitest';
import { curlCommand, fetchCommand } from './copy-commands';

const BASE = 'http://127.0.0.1:8080/TDWebApi';
const TOKEN = 'eyJ.secret.sig';

describe('copy commands', () => {
  it('curl: the token redacted unless given, the body quoted for the shell', () => {
    const request = { method: 'POST' as const, path: '/api/people', bodyText: `{"LastName":"O'Brien"}` };
    expect(curlCommand(BASE, request, null)).toBe(
      `curl -X POST -H 'Authorization: Bearer <token>' -H 'Accept: application/json' -H 'Content-Type: application/json' --data-raw '{"LastName":"O'\\''Brien"}' 'http://127.0.0.1:8080/TDWebApi/api/people'`,
    );
    expect(curlCommand(BASE, { method: 'GET', path: '/api/auth/getuser' }, TOKEN)).toBe(
      `curl -H 'Authorization: Bearer ${TOKEN}' -H 'Accept: application/json' 'http://127.0.0.1:8080/TDWebApi/api/auth/getuser'`,
    );
  });

  it('fetch: the same request as JavaScript', () => {
    const text = fetchCommand(BASE, { method: 'DELETE', path: '/api/people/1?x=1' }, null);
    expect(text).toContain('await fetch("http://127.0.0.1:8080/TDWebApi/api/people/1?x=1", {');
    expect(text).toContain('"Authorization": "Bearer <token>"');
    expect(text).toContain('"method": "DELETE"');
    expect(text).not.toContain('body');
  });
});
