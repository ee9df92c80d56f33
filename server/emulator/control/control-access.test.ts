import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { expectApiError } from '../../testing/api-error.ts';
import { controlCall } from '../../testing/control-client.ts';
import { send } from '../../testing/http-client.ts';
import { DEMO, login, loginAdmin, type TestServer } from '../../testing/start-server.ts';
import { startTestServer } from '../../testing/start-server.ts';
import { useTestServer } from '../../testing/use-test-server.ts';

const TOKEN = 'control-token-for-tests-0123456789';

async function openApiPaths(server: TestServer): Promise<Record<string, unknown>> {
  const res = await send(server.origin, { path: '/TDWebApi/openapi.json' });
  return (JSON.parse(res.text) as { paths: Record<string, unknown> }).paths;
}

describe('without EMULATOR_CONTROL', () => {
  const server = useTestServer();

  it('answers 404 on every path and method under /_emulator, and nothing moves', async () => {
    const token = await login(server.api, DEMO.jdoe);
    for (const [method, path] of [
      ['GET', '/_emulator'],
      ['GET', '/_emulator/'],
      ['GET', '/_emulator/clock'],
      ['POST', '/_emulator/clock'],
      ['POST', '/_EMULATOR/Clock'],
      ['POST', '/_emulator/reset'],
      ['POST', '/_emulator/faults'],
      ['DELETE', '/_emulator/faults'],
      ['POST', '/_emulator/tokens/expire'],
      ['GET', '/_emulator/requests'],
      ['DELETE', '/_emulator/requests'],
      ['PATCH', `/_emulator/users/${DEMO.jdoe}`],
      ['POST', `/_emulator/admin-accounts/${DEMO.exampleBeid}/rotate-key`],
      ['GET', '/_emulator/no/such/thing'],
    ] as const) {
      const res = await send(server.origin, {
        method,
        path,
        headers: { 'Content-Type': 'application/json' },
        body: method === 'GET' ? undefined : JSON.stringify({ advance: '24h', realm: true, active: false }),
      });
      expectApiError(res, 404, 'not_found');
    }
    const res = await send(server.origin, {
      path: '/TDWebApi/api/auth/getuser',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(server.logs).not.toContain('control');
  });

  it('leaves the control API out of the OpenAPI description', async () => {
    expect(Object.keys(await openApiPaths(server)).filter((path) => path.startsWith('/_emulator'))).toEqual(
      [],
    );
  });
});

/** The issue's form post from another site: a body-less POST no page needs a preflight for. */
const FORM_POST = {
  'Sec-Fetch-Site': 'cross-site',
  Origin: 'http://evil.example',
  'Content-Type': 'application/x-www-form-urlencoded',
  'Content-Length': 0,
};

describe('on loopback without a token: calls another site’s page made the browser send', () => {
  const server = useTestServer({ config: { emulatorControl: { token: null } } });
  const rotate = `/_emulator/admin-accounts/${DEMO.exampleBeid}/rotate-key`;

  it.each([
    ['the form post of another site', FORM_POST],
    ['a page of a sibling site', { 'Sec-Fetch-Site': 'same-site', Origin: 'http://other.localhost:8080' }],
    ['an unknown Sec-Fetch-Site', { 'Sec-Fetch-Site': 'cross-origin' }],
    ['another origin, without Sec-Fetch-Site', { Origin: 'http://evil.example' }],
    ['the opaque origin of a sandboxed page', { Origin: 'null' }],
    ['another port of this host', { Origin: 'http://127.0.0.1:1' }],
  ])('refuses %s with 403 before anything runs: the key and the data stay', async (_, headers) => {
    for (const path of [rotate, '/_emulator/reset', '/_emulator/clock']) {
      const res = await send(server.origin, { method: 'POST', path, headers });
      expectApiError(res, 403, 'cross_site_request');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const text = await send(server.origin, {
      method: 'POST',
      path: '/_emulator/reset',
      headers: { ...headers, 'Content-Type': 'text/plain' },
      body: '{"realm":true}',
    });
    expectApiError(text, 403, 'cross_site_request');
    expect(await loginAdmin(server.api)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(server.logs).not.toContain('control');
  });

  it('refuses them even with the right token, when one is set', async () => {
    const guarded = await startTestServer({ config: { emulatorControl: { token: TOKEN } } });
    try {
      const res = await send(guarded.origin, {
        method: 'POST',
        path: rotate,
        headers: { ...FORM_POST, Authorization: `Bearer ${TOKEN}` },
      });
      expectApiError(res, 403, 'cross_site_request');
      expect(await loginAdmin(guarded.api)).toContain('.');
    } finally {
      await guarded.stop(true);
    }
  });

  it('answers a test process (no Origin, no Sec-Fetch-*), this server’s own pages and a typed address', async () => {
    const curl = await send(server.origin, { method: 'POST', path: '/_emulator/reset' });
    expect(curl.status).toBe(200);
    const own = await controlCall(server.origin, 'GET', '/clock');
    expect(own.status).toBe(200);
    const samePage = await send(server.origin, {
      method: 'POST',
      path: '/_emulator/clock',
      headers: { 'Sec-Fetch-Site': 'same-origin', Origin: server.origin, 'Content-Type': 'application/json' },
      body: '{"advance":"1s"}',
    });
    expect(samePage.status).toBe(200);
    const typed = await send(server.origin, {
      path: '/_emulator/clock',
      headers: { 'Sec-Fetch-Site': 'none' },
    });
    expect(typed.status).toBe(200);
    const rotated = await send(server.origin, { method: 'POST', path: rotate });
    expect(rotated.status).toBe(200);
    const { WebServicesKey } = JSON.parse(rotated.text) as { WebServicesKey: string };
    await expect(loginAdmin(server.api)).rejects.toThrow(/answered 401/);
    expect(await loginAdmin(server.api, DEMO.exampleBeid, WebServicesKey)).toContain('.');
  });
});

describe('with EMULATOR_CONTROL_TOKEN', () => {
  const server = useTestServer({ config: { emulatorControl: { token: TOKEN } } });

  it('refuses every control call without the token as a bearer, before reading it', async () => {
    for (const token of [undefined, 'wrong', `${TOKEN}x`, TOKEN.slice(0, -1)]) {
      const res = await controlCall(server.origin, 'POST', '/clock', { advance: '24h' }, token);
      expectApiError(res, 401, 'invalid_token');
      expect(res.headers['www-authenticate']).toBe('Bearer realm="emulator-control"');
    }
    const basic = await send(server.origin, {
      path: '/_emulator/clock',
      headers: { Authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
    });
    expectApiError(basic, 401, 'invalid_token');
    const clock = JSON.parse((await controlCall(server.origin, 'GET', '/clock', undefined, TOKEN)).text) as {
      offsetSeconds: number;
    };
    expect(clock.offsetSeconds).toBe(0);
  });

  it('accepts the token, and never logs it', async () => {
    const res = await controlCall(server.origin, 'POST', '/clock', { advance: '1h' }, TOKEN);
    expect(res.status).toBe(200);
    expect((await controlCall(server.origin, 'GET', '/faults', undefined, TOKEN)).status).toBe(200);
    expect(server.logs).toContain('control');
    for (const line of server.lines) expect(line).not.toContain(TOKEN);
  });

  it('lists the control API in the OpenAPI description, which stays valid', async () => {
    const paths = await openApiPaths(server);
    expect(Object.keys(paths).filter((path) => path.startsWith('/_emulator'))).toEqual([
      '/_emulator/clock',
      '/_emulator/reset',
      '/_emulator/faults',
      '/_emulator/tokens/expire',
      '/_emulator/requests',
      '/_emulator/users/{UserName}',
      '/_emulator/admin-accounts/{BEID}/rotate-key',
    ]);
    const served = JSON.parse((await send(server.origin, { path: '/TDWebApi/openapi.json' })).text) as Record<
      string,
      unknown
    >;
    const result = await new Validator().validate(served);
    expect(result.errors).toBeUndefined();
  });
});
