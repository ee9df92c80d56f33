import { afterAll, beforeAll, expect, it } from 'vitest';
import { controlCall } from '../../testing/control-client.ts';
import { ManualClock } from '../../testing/manual-clock.ts';
import { pythonReauthentication, pythonRequestsBatch } from '../../testing/python-requests.ts';
import { DEMO, login, startTestServer, type TestServer } from '../../testing/start-server.ts';

let server: TestServer;
beforeAll(async () => {
  // Held at the real time: the second script checks tokens against its own clock, as PyJWT does.
  server = await startTestServer({
    config: { emulatorControl: { token: null } },
    clock: new ManualClock(Date.now()),
  });
});
afterAll(() => server.stop(true));

it('a Python requests batch honours Retry-After, or without it X-RateLimit-Reset + 5 s, then carries on', async () => {
  const token = await login(server.api, DEMO.jdoe);
  const faults = [
    { method: 'GET', path: '/api/auth/getuser', status: 429, times: 3, retryAfter: 7 },
    { method: 'GET', path: '/api/auth/getuser', status: 429, retryAfter: 3, omitRetryAfter: true },
  ];
  for (const fault of faults)
    expect((await controlCall(server.origin, 'POST', '/faults', fault)).status).toBe(201);

  const result = await pythonRequestsBatch(server.api, `${server.origin}/_emulator`, token, 5);

  expect(result).toEqual({ statuses: [200, 200, 200, 200, 200], waits: [7, 7, 7, 8] });
  const calls = server.requests.filter((record) => record.path === '/TDWebApi/api/auth/getuser');
  expect(calls.map((record) => record.status)).toEqual([429, 429, 429, 429, 200, 200, 200, 200, 200]);
  const clock = JSON.parse((await controlCall(server.origin, 'GET', '/clock')).text) as {
    offsetSeconds: number;
  };
  expect(clock.offsetSeconds).toBe(29);
});

it('a client that checks nbf as PyJWT does signs in again after tokens/expire; after a day on the clock it could not', async () => {
  await controlCall(server.origin, 'POST', '/reset');
  const result = await pythonReauthentication(
    server.api,
    `${server.origin}/_emulator`,
    DEMO.jdoe,
    DEMO.password,
  );
  expect(result).toEqual({
    first: 200,
    afterExpire: { kept: 401, fresh: 'ok', freshGetUser: 200 },
    // Why tokens/expire: a token issued a day ahead of the client's clock is refused by the client itself.
    afterAdvance: { fresh: 'ImmatureSignatureError: The token is not yet valid (nbf)' },
  });
});
