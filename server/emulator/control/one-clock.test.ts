import { describe, expect, it } from 'vitest';
import { decodeJwt } from '../../testing/jwt.ts';
import { controlCall } from '../../testing/control-client.ts';
import { send, sendRaw, type RawResponse } from '../../testing/http-client.ts';
import { DEMO, login } from '../../testing/start-server.ts';
import { useTestServer } from '../../testing/use-test-server.ts';

/**
 * Every time the emulator writes comes from its one clock: the Date of every answer (whoever writes it), the
 * X-RateLimit-Reset and Retry-After of the rate limit, and a token's nbf, iat and exp. Moved an hour on, any two
 * still agree, to the second the formats carry.
 */
const server = useTestServer({ config: { emulatorControl: { token: null }, rateLimit: 3 } });

const seconds = (res: RawResponse) => Date.parse(res.headers.date ?? '') / 1000;

describe('after POST /_emulator/clock {"advance": "1h"}', () => {
  it('dates every answer by the moved clock: API, control, health, console pages and Node’s own refusals', async () => {
    await controlCall(server.origin, 'POST', '/clock', { advance: '1h' });
    const now = Math.floor(server.clock.now() / 1000) + 3600;
    const answers = {
      api: await send(server.origin, { path: '/TDWebApi/api/auth/getuser' }),
      sandbox: await send(server.origin, { path: '/SBTDWebApi/openapi.json' }),
      control: await controlCall(server.origin, 'GET', '/clock'),
      health: await send(server.origin, { path: '/healthz' }),
      page: await send(server.origin, { path: '/no-such-page' }),
      provider: await send(server.origin, { path: '/idp/.well-known/openid-configuration' }),
      refusal: await sendRaw(server.origin, Buffer.from('GARBAGE\r\n\r\n')),
    };
    for (const [who, res] of Object.entries(answers)) expect(seconds(res), who).toBe(now);
  });

  it('keeps Date, X-RateLimit-Reset, Retry-After and a new token’s nbf, iat and exp in step', async () => {
    await controlCall(server.origin, 'POST', '/reset');
    await controlCall(server.origin, 'POST', '/clock', { advance: '1h' });
    const signIn = await send(server.origin, {
      method: 'POST',
      path: '/TDWebApi/api/auth/login',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: DEMO.jdoe, password: DEMO.password }),
    });
    expect(signIn.status).toBe(200);
    const date = seconds(signIn);
    expect(date).toBe(Math.floor(server.clock.now() / 1000) + 3600);
    const { claims } = decodeJwt(signIn.text);
    expect(claims).toMatchObject({ nbf: date, iat: date, exp: date + 86_400 });
    expect(Date.parse(String(signIn.headers['x-ratelimit-reset'])) / 1000 - date).toBe(60);

    const token = await login(server.api, DEMO.jdoe);
    const getUser = () =>
      send(server.origin, {
        path: '/TDWebApi/api/auth/getuser',
        headers: { Authorization: `Bearer ${token}` },
      });
    for (let i = 0; i < 3; i++) expect((await getUser()).status).toBe(200);
    server.clock.advance(20_000);
    const limited = await getUser();
    expect(limited.status).toBe(429);
    const reset = Date.parse(String(limited.headers['x-ratelimit-reset'])) / 1000;
    expect(reset - seconds(limited)).toBe(40);
    expect(Number(limited.headers['retry-after'])).toBe(40);

    // A scripted 429, once the real one's window has rolled.
    server.clock.advance(40_000);
    await controlCall(server.origin, 'POST', '/faults', {
      method: 'GET',
      path: '/api/auth/getuser',
      status: 429,
    });
    const scripted = await getUser();
    expect(Date.parse(String(scripted.headers['x-ratelimit-reset'])) / 1000 - seconds(scripted)).toBe(60);
    expect(scripted.headers['retry-after']).toBe('60');
  });
});
