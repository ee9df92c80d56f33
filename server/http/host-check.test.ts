import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../testing/api-error.ts';
import { startEchoUpstream, type EchoUpstream } from '../testing/echo-upstream.ts';
import { send, sendRaw } from '../testing/http-client.ts';
import { DEMO, startTestServer, type TestServer } from '../testing/start-server.ts';
import { parseHost } from './host-check.ts';

let server: TestServer;
let upstream: EchoUpstream;
let port: string;

beforeAll(async () => {
  upstream = await startEchoUpstream();
  server = await startTestServer({
    config: {
      publicOrigin: 'https://console.example.edu',
      allowedHosts: [parseHost('intranet-name')!, parseHost('10.0.0.5:8443')!],
      relayTenants: [{ name: 'echo', upstream: `${upstream.origin}/TDWebApi` }],
    },
  });
  port = new URL(server.origin).port;
});
afterAll(async () => {
  await server.stop(true);
  await upstream.stop();
});

const health = (host: string) => send(server.origin, { path: '/healthz', headers: { Host: host } });

describe('the Host check (DNS rebinding)', () => {
  it.each([
    ['the listening address', () => `127.0.0.1:${port}`],
    ['localhost on the listening port', () => `localhost:${port}`],
    ['localhost in capitals', () => `LOCALHOST:${port}`],
    ['[::1] on the listening port', () => `[::1]:${port}`],
    ['a loopback name without a port', () => 'localhost'],
    ['a loopback name on another port (as a dev proxy passes it on)', () => 'localhost:5173'],
    ['127.0.0.1 on another port', () => '127.0.0.1:5173'],
    ['the public origin, default port implied', () => 'console.example.edu'],
    ['the public origin with its port', () => 'console.example.edu:443'],
    ['an ALLOWED_HOSTS name, any port', () => 'intranet-name:9999'],
    ['an ALLOWED_HOSTS name and port', () => '10.0.0.5:8443'],
  ])('answers %s', async (_name, host) => {
    expect((await health(host())).status).toBe(200);
  });

  it.each([
    ['another name', () => 'evil.example'],
    ['another name on the listening port', () => `evil.example:${port}`],
    ['the public origin on another port', () => 'console.example.edu:8443'],
    ['an ALLOWED_HOSTS address on another port', () => '10.0.0.5:8080'],
    ['a name ending in a loopback name', () => 'evil.localhost'],
    ['127.0.0.1 written another way', () => `127.1:${port}`],
    ['the wildcard address', () => `0.0.0.0:${port}`],
    ['a user name before the host', () => `a@127.0.0.1:${port}`],
  ])('refuses %s with 421 JSON and the security headers', async (_name, host) => {
    const res = await health(host());
    expectApiError(res, 421, 'misdirected_request');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('refuses before any handler runs: no sign-in, no relayed call', async () => {
    const login = await send(server.origin, {
      method: 'POST',
      path: '/TDWebApi/api/auth/login',
      headers: { Host: 'evil.example', 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: DEMO.jdoe, password: DEMO.password }),
    });
    expectApiError(login, 421);
    expect(login.text).not.toMatch(/eyJ/);
    const relayed = await send(server.origin, {
      path: '/relay/echo/api/auth/getuser',
      headers: { Host: 'evil.example' },
    });
    expectApiError(relayed, 421);
    expect(upstream.requests).toEqual([]);
    // The same call under an allowed name does reach the tenant.
    const allowed = await send(server.origin, {
      path: '/relay/echo/api/auth/getuser',
      headers: { Authorization: 'Bearer t' },
    });
    expect(allowed.status).toBe(200);
    expect(upstream.requests).toHaveLength(1);
  });

  it('refuses an HTTP/1.1 request without Host with its own 400 JSON; HTTP/1.0 needs none', async () => {
    const res = await sendRaw(server.origin, 'GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n');
    expectApiError(res, 400, 'bad_request');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect((await sendRaw(server.origin, 'GET /healthz HTTP/1.0\r\n\r\n')).status).toBe(200);
    const empty = await sendRaw(
      server.origin,
      'GET /healthz HTTP/1.1\r\nHost: \r\nConnection: close\r\n\r\n',
    );
    expectApiError(empty, 421, 'misdirected_request');
  });
});
