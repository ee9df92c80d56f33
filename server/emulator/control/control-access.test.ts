import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { expectApiError } from '../../testing/api-error.ts';
import { controlCall } from '../../testing/control-client.ts';
import { send } from '../../testing/http-client.ts';
import { DEMO, login, type TestServer } from '../../testing/start-server.ts';
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
