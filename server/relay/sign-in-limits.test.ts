import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectApiError } from '../testing/api-error.ts';
import { startEchoUpstream, type EchoUpstream } from '../testing/echo-upstream.ts';
import { send, type RawResponse } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-server.ts';

/** What the tenant puts on its next answers: its rate-limit headers, as the real service sends them. */
let tenantSays: { status: number; headers: Record<string, string> } = { status: 200, headers: {} };

let upstream: EchoUpstream;
let front: TestServer;
let callerNumber = 0;
const newCaller = () => `198.51.100.${++callerNumber}`;

function answerAsTold(_req: unknown, res: ServerResponse) {
  res.writeHead(tenantSays.status, { 'Content-Type': 'text/plain; charset=utf-8', ...tenantSays.headers });
  res.end(tenantSays.status === 200 ? 'a.b.c' : '{"Message":"slow down"}');
}

beforeAll(async () => {
  upstream = await startEchoUpstream({
    '/TDWebApi/api/auth/login': answerAsTold,
    '/TDWebApi/api/auth/loginadmin': answerAsTold,
    '/TDWebApi/api/people/lookup': answerAsTold,
    '/TDWebApi/api/people/5d4e3f2a-1b0c-4d9e-8f7a-6b5c4d3e2f10': answerAsTold,
    '/SBTDWebApi/api/auth/login': answerAsTold,
  });
  front = await startTestServer({
    config: {
      trustedProxies: ['loopback'],
      relayTenants: [
        { name: 'echo', upstream: `${upstream.origin}/TDWebApi` },
        { name: 'echo-sandbox', upstream: `${upstream.origin}/SBTDWebApi` },
      ],
    },
  });
});
afterAll(async () => {
  await front.stop(true);
  await upstream.stop();
});
beforeEach(() => {
  upstream.requests.length = 0;
  tenantSays = { status: 200, headers: {} };
});

function signIn(caller: string, path = '/relay/echo/api/auth/login'): Promise<RawResponse> {
  return send(front.origin, {
    method: 'POST',
    path,
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': caller },
    body: '{"username":"jdoe@example.edu","password":"p"}',
  });
}

function lookup(caller: string, path = '/relay/echo/api/people/lookup?searchText=doe'): Promise<RawResponse> {
  return send(front.origin, { path, headers: { Authorization: 'Bearer t', 'X-Forwarded-For': caller } });
}

/** A date `seconds` from the front's (manual) clock, as the tenant would write it. */
const inSeconds = (seconds: number) => new Date(front.clock.now() + seconds * 1000).toUTCString();

describe('the relay’s own limit per caller on the tenant’s sign-in methods', () => {
  it('allows a caller 10 sign-ins per method per 60 s; the 11th is a local 429 the tenant never sees', async () => {
    const caller = newCaller();
    const windowEnd = inSeconds(60);
    for (let i = 0; i < 10; i++) expect((await signIn(caller)).status).toBe(200);
    const refused = await signIn(caller);
    const body = expectApiError(refused, 429, 'rate_limited');
    expect(body.message).toMatch(/10 calls of each sign-in method and of getuser/);
    expect(refused.headers).toMatchObject({
      'x-ratelimit-limit': '10',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': windowEnd,
      'retry-after': '60',
      'cache-control': 'no-store',
      'x-relay-limit': 'sign-ins',
    });
    expect(upstream.requests).toHaveLength(10);

    // Not the letter case or a trailing slash either: one method is one counter.
    expectApiError(await signIn(caller, '/relay/echo/API/Auth/Login/'), 429, 'rate_limited');
    expect(upstream.requests).toHaveLength(10);

    // Another caller, another method, another tenant, and calls that are no sign-in all still pass.
    expect((await signIn(newCaller())).status).toBe(200);
    expect((await signIn(caller, '/relay/echo/api/auth/loginadmin')).status).toBe(200);
    expect((await signIn(caller, '/relay/echo-sandbox/api/auth/login')).status).toBe(200);
    expect((await lookup(caller)).status).toBe(200);
    expect(upstream.requests).toHaveLength(14);

    front.clock.advance(30_000);
    expect((await signIn(caller)).headers['retry-after']).toBe('30');
    front.clock.advance(30_000);
    expect((await signIn(caller)).status).toBe(200);
  });

  it('counts a caller by the address TRUST_PROXY gives, not the proxy’s', async () => {
    const callers = Array.from({ length: 3 }, newCaller);
    for (let i = 0; i < 10; i++)
      for (const caller of callers) expect((await signIn(caller)).status).toBe(200);
    expect(upstream.requests).toHaveLength(30);
  });
});

describe('the tenant said no calls remain', () => {
  it('sends that method no more until its reset, answering a local 429 with the tenant’s headers', async () => {
    const reset = inSeconds(30);
    tenantSays = {
      status: 200,
      headers: { 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': reset },
    };
    expect((await signIn(newCaller())).status).toBe(200);
    expect(upstream.requests).toHaveLength(1);

    for (const caller of [newCaller(), newCaller()]) {
      const refused = await signIn(caller);
      const body = expectApiError(refused, 429, 'rate_limited');
      expect(body.message).toContain(new URL(upstream.origin).host);
      expect(refused.headers).toMatchObject({
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': reset,
        'retry-after': '30',
      });
    }
    expect(upstream.requests).toHaveLength(1);

    // Other methods, and the same method on another base, are counted apart by the tenant.
    tenantSays = { status: 200, headers: {} };
    expect((await signIn(newCaller(), '/relay/echo/api/auth/loginadmin')).status).toBe(200);
    expect((await signIn(newCaller(), '/relay/echo-sandbox/api/auth/login')).status).toBe(200);
    expect(upstream.requests).toHaveLength(3);

    front.clock.advance(29_000);
    expect((await signIn(newCaller())).headers['retry-after']).toBe('1');
    front.clock.advance(1_000);
    expect((await signIn(newCaller())).status).toBe(200);
    expect(upstream.requests).toHaveLength(4);
  });

  it('takes the tenant’s own 429 with Remaining 0 the same way, on any method, ids folded', async () => {
    const reset = inSeconds(20);
    tenantSays = {
      status: 429,
      headers: { 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': reset },
    };
    const person = '/relay/echo/api/people/5d4e3f2a-1b0c-4d9e-8f7a-6b5c4d3e2f10';
    expect((await lookup(newCaller(), person)).status).toBe(429);
    expect(upstream.requests).toHaveLength(1);
    const other = await lookup(newCaller(), '/relay/echo/api/people/0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0');
    expectApiError(other, 429, 'rate_limited');
    expect(other.headers['x-ratelimit-reset']).toBe(reset);
    expect(upstream.requests).toHaveLength(1);
    // The lookup is another method.
    tenantSays = { status: 200, headers: {} };
    expect((await lookup(newCaller())).status).toBe(200);
    front.clock.advance(20_000);
  });

  it.each([
    ['a malformed reset', () => 'soon'],
    ['a reset in the past', () => inSeconds(-3600)],
    ['a reset far ahead', () => 'Fri, 01 Jan 2100 00:00:00 GMT'],
    ['no reset at all', () => undefined],
  ])('%s holds the method back for 60 s at most', async (_what, resetText) => {
    const reset = resetText();
    tenantSays = { status: 200, headers: { 'X-RateLimit-Remaining': '0' } };
    if (reset !== undefined) tenantSays.headers['X-RateLimit-Reset'] = reset;
    expect((await lookup(newCaller())).status).toBe(200);
    tenantSays = { status: 200, headers: {} };
    const refused = await lookup(newCaller());
    expectApiError(refused, 429, 'rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(Date.parse(String(refused.headers['x-ratelimit-reset']))).toBeLessThanOrEqual(
      front.clock.now() + 60_000,
    );
    expect(upstream.requests).toHaveLength(1);
    front.clock.advance(60_000);
    expect((await lookup(newCaller())).status).toBe(200);
    expect(upstream.requests).toHaveLength(2);
  });

  it('a Remaining above 0, or none, holds nothing back', async () => {
    for (const remaining of ['1', '59', '', 'x', '-1']) {
      tenantSays = {
        status: 200,
        headers: { 'X-RateLimit-Remaining': remaining, 'X-RateLimit-Reset': inSeconds(30) },
      };
      expect((await lookup(newCaller())).status).toBe(200);
    }
    expect((await lookup(newCaller())).status).toBe(200);
    expect(upstream.requests).toHaveLength(6);
  });
});
