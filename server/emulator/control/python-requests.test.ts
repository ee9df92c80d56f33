import { afterAll, beforeAll, expect, it } from 'vitest';
import { controlCall } from '../../testing/control-client.ts';
import { pythonRequestsBatch } from '../../testing/python-requests.ts';
import { DEMO, login, startTestServer, type TestServer } from '../../testing/start-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { emulatorControl: { token: null } } });
});
afterAll(() => server.stop(true));

it('a Python requests batch honours Retry-After through a scripted 429, then carries on', async () => {
  const token = await login(server.api, DEMO.jdoe);
  const fault = { method: 'GET', path: '/api/auth/getuser', status: 429, times: 3, retryAfter: 7 };
  expect((await controlCall(server.origin, 'POST', '/faults', fault)).status).toBe(201);

  const result = await pythonRequestsBatch(server.api, `${server.origin}/_emulator`, token, 5);

  expect(result).toEqual({ statuses: [200, 200, 200, 200, 200], waits: [7, 7, 7] });
  const calls = server.requests.filter((record) => record.path === '/TDWebApi/api/auth/getuser');
  expect(calls.map((record) => record.status)).toEqual([429, 429, 429, 200, 200, 200, 200, 200]);
  const clock = JSON.parse((await controlCall(server.origin, 'GET', '/clock')).text) as {
    offsetSeconds: number;
  };
  expect(clock.offsetSeconds).toBe(21);
});
