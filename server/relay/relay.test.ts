import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../contract/wire.ts';
import { expectApiError } from '../testing/api-error.ts';
import { send, type RawResponse } from '../testing/http-client.ts';
import { decodeJwt } from '../testing/jwt.ts';
import { getWithAuth, post } from '../testing/requests.ts';
import { DEMO, login, startTestServer, type TestServer } from '../testing/start-server.ts';

const JWT_TEXT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** Two emulators: `front` relays to `upstream`, as a console's host relays to a real tenant. */
let upstream: TestServer;
let front: TestServer;
let relay: string;
let sandboxRelay: string;

beforeAll(async () => {
  upstream = await startTestServer({ config: { rateLimit: 10 } });
  front = await startTestServer({
    config: {
      relayTenants: [
        { name: 'upstream', upstream: `${upstream.origin}/TDWebApi` },
        { name: 'upstream-sandbox', upstream: `${upstream.origin}/SBTDWebApi` },
      ],
    },
  });
  relay = `${front.origin}/relay/upstream/api`;
  sandboxRelay = `${front.origin}/relay/upstream-sandbox/api`;
});
afterAll(async () => {
  await front.stop(true);
  await upstream.stop(true);
});

function expectRelaySecurityHeaders(res: RawResponse) {
  const csp = String(res.headers['content-security-policy']);
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("script-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain('sandbox');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
}

describe('GET /relay', () => {
  it('lists the configured tenants with their same-origin bases, and nothing secret', async () => {
    const res = await send(front.origin, { path: '/relay' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const organization = new URL(upstream.origin).host;
    expect(JSON.parse(res.text)).toEqual({
      emulator: true,
      default: 'emulator',
      tenants: [
        {
          name: 'upstream',
          label: 'upstream',
          base: '/relay/upstream',
          upstream: `${upstream.origin}/TDWebApi`,
          organization,
        },
        {
          name: 'upstream-sandbox',
          label: 'upstream-sandbox',
          base: '/relay/upstream-sandbox',
          upstream: `${upstream.origin}/SBTDWebApi`,
          organization,
        },
      ],
    });
    expect((await send(front.origin, { path: '/relay/' })).text).toBe(res.text);
    expectRelaySecurityHeaders(res);
  });

  it('is an empty list on a server without tenants', async () => {
    const res = await send(upstream.origin, { path: '/relay' });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ emulator: true, default: 'emulator', tenants: [] });
  });

  it('accepts GET only', async () => {
    const res = await send(front.origin, { method: 'POST', path: '/relay', body: '{}' });
    expectApiError(res, 405, 'method_not_allowed');
    expect(res.headers.allow).toBe('GET');
  });
});

describe('signing in and reading the user through the relay', () => {
  let token: string;
  beforeAll(async () => {
    const res = await post(`${relay}/auth/login`, { username: DEMO.jdoe, password: DEMO.password });
    expect(res.status).toBe(200);
    token = res.text;
  });

  it('answers the login token as text/plain, byte for byte what the tenant answers', async () => {
    const relayed = await post(`${relay}/auth`, { UserName: DEMO.jdoe, Password: DEMO.password });
    expect(relayed.status).toBe(200);
    expect(relayed.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(relayed.text).toMatch(JWT_TEXT);
    expect(Number(relayed.headers['content-length'])).toBe(relayed.text.length);
    // The tenant's clock stands still, so its next token for the same user is the same bytes.
    expect(relayed.text).toBe(await login(upstream.api, DEMO.jdoe));
    expect(decodeJwt(relayed.text).claims.unique_name).toBe(DEMO.jdoe);
    expectRelaySecurityHeaders(relayed);
  });

  it('reads getuser with the bearer token, on both tenant bases', async () => {
    for (const base of [relay, sandboxRelay]) {
      const res = await getWithAuth(`${base}/auth/getuser`, `Bearer ${token}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect((JSON.parse(res.text) as UserRecord).UserName).toBe(DEMO.jdoe);
    }
  });

  it('passes the rate-limit headers and the Date through', async () => {
    const direct = await getWithAuth(`${upstream.api}/auth/getuser`, `Bearer ${token}`);
    const relayed = await getWithAuth(`${relay}/auth/getuser`, `Bearer ${token}`);
    expect(relayed.headers['x-ratelimit-limit']).toBe('10');
    expect(Number(relayed.headers['x-ratelimit-remaining'])).toBe(
      Number(direct.headers['x-ratelimit-remaining']) - 1,
    );
    // The tenant's windows run on its (manual) clock, so the reset date is the tenant's, not this server's.
    expect(relayed.headers['x-ratelimit-reset']).toBe(direct.headers['x-ratelimit-reset']);
    expect(relayed.headers['x-ratelimit-reset']).toBe('Mon, 02 Mar 2026 12:01:00 GMT');
    expect(relayed.headers.date).toMatch(/GMT$/);
  });

  it('passes a 401 through with its WWW-Authenticate and JSON body', async () => {
    const res = await getWithAuth(`${relay}/auth/getuser`, 'Bearer not-a-token');
    expectApiError(res, 401, 'invalid_token');
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    const wrong = await post(`${relay}/auth/login`, { username: DEMO.jdoe, password: 'wrong-password' });
    expectApiError(wrong, 401, 'invalid_credentials');
  });

  it('once the tenant has no calls left, answers its 429 in the tenant’s terms without asking it again', async () => {
    let last: RawResponse | undefined;
    for (let i = 0; i < 11; i++) {
      last = await getWithAuth(`${relay}/people/lookup?searchText=doe`, `Bearer ${token}`);
      if (i < 10) expect(last.status).toBe(200);
    }
    expectApiError(last!, 429, 'rate_limited');
    // The tenant's limit, kept by the relay for it: not the relay's own.
    expect(last!.headers['x-relay-limit']).toBeUndefined();
    expect(last!.headers['retry-after']).toBe('60');
    expect(last!.headers['x-ratelimit-limit']).toBe('10');
    expect(last!.headers['x-ratelimit-remaining']).toBe('0');
    expect(last!.headers['x-ratelimit-reset']).toBe('Mon, 02 Mar 2026 12:01:00 GMT');
    const direct = await getWithAuth(`${upstream.api}/people/lookup?searchText=doe`, `Bearer ${token}`);
    expect(direct.status).toBe(429);
    // The tenant counted ten calls from the relay and this one direct call: the eleventh never reached it.
    expect(upstream.requests.filter((r) => r.path === '/TDWebApi/api/people/lookup')).toHaveLength(11);
  });

  it('does not follow redirects: loginsso comes back as a 302 to the tenant’s provider, without its cookie', async () => {
    const res = await send(front.origin, { path: '/relay/upstream/api/auth/loginsso' });
    expect(res.status).toBe(302);
    expect(res.headers.location).toMatch(new RegExp(`^${upstream.origin}/idp/`));
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('refusals', () => {
  it('answers 404 for a tenant that is not configured', async () => {
    const res = await send(front.origin, { path: '/relay/elsewhere/api/auth/getuser' });
    const body = expectApiError(res, 404, 'not_found');
    expect(body.message).toMatch(/GET \/relay lists them/);
  });

  it.each(['OPTIONS', 'HEAD', 'TRACE'])('answers 405 to %s', async (method) => {
    const res = await send(front.origin, { method, path: '/relay/upstream/api/auth/getuser' });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, POST, PUT, PATCH, DELETE');
    if (method !== 'HEAD') expectApiError(res, 405, 'method_not_allowed');
  });

  it('answers 413 to a body over 64 KB', async () => {
    const body = JSON.stringify({ username: 'x'.repeat(64 * 1024), password: 'p' });
    const res = await send(front.origin, {
      method: 'POST',
      path: '/relay/upstream/api/auth/login',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    const refused = expectApiError(res, 413, 'payload_too_large');
    // Named as the relay's own limit, not the tenant's.
    expect(refused.message).toBe(
      "The relay passes request bodies of at most 64 KB (65,536 bytes), its own limit, not the tenant's; this one is larger, and the tenant was not called.",
    );
    expect(res.headers['x-relay-limit']).toBe('body-size');
  });

  it('answers 400 to a path that climbs out of the base', async () => {
    const res = await send(front.origin, { path: '/relay/upstream/../../TDWebApi/api/auth/getuser' });
    expectApiError(res, 400, 'bad_request');
  });
});
