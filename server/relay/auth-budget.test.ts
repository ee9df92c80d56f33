import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../testing/api-error.ts';
import { send, type RawResponse } from '../testing/http-client.ts';
import { DEMO, startTestServer, type TestServer } from '../testing/start-server.ts';

/**
 * The tenant's getuser budget (60 per 60 s, counted per address, so for everyone behind the relay together)
 * against one caller: a second emulator stands in for the tenant, with the real service's limit.
 */
let tenant: TestServer;
let front: TestServer;

beforeAll(async () => {
  tenant = await startTestServer();
  front = await startTestServer({
    config: {
      emulator: false,
      trustedProxies: ['loopback'],
      relayTenants: [{ name: 'campus', upstream: `${tenant.origin}/TDWebApi` }],
    },
  });
});
afterAll(async () => {
  await front.stop(true);
  await tenant.stop(true);
});

/** The next test starts in new windows at the tenant and at the relay. */
function nextMinute() {
  tenant.clock.advance(60_000);
  front.clock.advance(60_000);
}

const getUser = (caller: string, authorization?: string): Promise<RawResponse> =>
  send(front.origin, {
    path: '/relay/campus/api/auth/getuser',
    headers: {
      'X-Forwarded-For': caller,
      ...(authorization === undefined ? {} : { Authorization: authorization }),
    },
  });

async function signIn(caller: string): Promise<string> {
  const res = await send(front.origin, {
    method: 'POST',
    path: '/relay/campus/api/auth/login',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': caller },
    body: JSON.stringify({ username: DEMO.jdoe, password: DEMO.password }),
  });
  expect(res.status, res.text).toBe(200);
  return res.text;
}

const getUsersAtTenant = () =>
  tenant.requests.filter((request) => request.path === '/TDWebApi/api/auth/getuser').length;

describe('the tenant’s getuser budget behind the relay', () => {
  it('is spent by no tokenless call: the relay answers 60 of them 401 itself, and the next administrator loads the profile', async () => {
    const before = getUsersAtTenant();
    for (let i = 0; i < 60; i++) {
      const refused = await getUser('198.51.100.1');
      expectApiError(refused, 401, 'invalid_token');
      expect(refused.headers['www-authenticate']).toBe('Bearer');
      expect(refused.headers['cache-control']).toBe('no-store');
    }
    // Nor anything else that carries no bearer token.
    for (const header of ['', 'Bearer', 'Bearer ', 'Basic amRvZTpw', 'Token abc']) {
      expectApiError(await getUser('198.51.100.1', header), 401, 'invalid_token');
    }
    expect(getUsersAtTenant()).toBe(before);

    const token = await signIn('198.51.100.2');
    const profile = await getUser('198.51.100.2', `Bearer ${token}`);
    expect(profile.status).toBe(200);
    expect((JSON.parse(profile.text) as { UserName: string }).UserName).toBe(DEMO.jdoe);
    expect(profile.headers['x-ratelimit-remaining']).toBe('59');
    nextMinute();
  });

  it('gives one caller with a token, good or bad, at most a sixth of it: 10 calls per 60 s', async () => {
    const before = getUsersAtTenant();
    for (let i = 0; i < 10; i++) {
      expectApiError(await getUser('198.51.100.3', 'Bearer not-a-token'), 401, 'invalid_token');
    }
    for (let i = 0; i < 50; i++) {
      const refused = await getUser('198.51.100.3', 'Bearer not-a-token');
      const body = expectApiError(refused, 429, 'rate_limited');
      expect(body.message).toMatch(/10 calls of each sign-in method and of getuser/);
      expect(refused.headers).toMatchObject({ 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '0' });
    }
    expect(getUsersAtTenant()).toBe(before + 10);

    // Per caller and method: that caller's own sign-in still passes, its getuser waits for the next window.
    const own = await signIn('198.51.100.3');
    expectApiError(await getUser('198.51.100.3', `Bearer ${own}`), 429, 'rate_limited');

    const token = await signIn('198.51.100.4');
    const profile = await getUser('198.51.100.4', `Bearer ${token}`);
    expect(profile.status).toBe(200);
    expect(profile.headers['x-ratelimit-remaining']).toBe('49');

    nextMinute();
    expect((await getUser('198.51.100.3', `Bearer ${own}`)).status).toBe(200);
  });
});
