import { describe, expect, it } from 'vitest';
import { ManualClock } from '../testing/manual-clock.ts';
import { rateLimitKey } from './caller-key.ts';
import { MAX_CALLERS_PER_METHOD, RateLimiter } from './limiter.ts';
import { expectApiError } from '../testing/api-error.ts';
import type { RawResponse } from '../testing/http-client.ts';
import { getWithAuth, post } from '../testing/requests.ts';
import { DEMO, login, type TestServer } from '../testing/start-server.ts';
import { useTestServer } from '../testing/use-test-server.ts';

const RFC1123 = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

interface Method {
  name: string;
  /** A call answered before any expensive work (a 400 or a 401), to spend the limit quickly. */
  cheap(api: string, headers?: Record<string, string>): Promise<RawResponse>;
}

const METHODS: Method[] = [
  { name: 'auth', cheap: (api, headers) => post(`${api}/auth`, {}, headers) },
  { name: 'auth/login', cheap: (api, headers) => post(`${api}/auth/login`, {}, headers) },
  { name: 'auth/loginadmin', cheap: (api, headers) => post(`${api}/auth/loginadmin`, {}, headers) },
  {
    name: 'auth/getuser',
    cheap: (api, headers) => getWithAuth(`${api}/auth/getuser`, undefined, headers),
  },
];

function expectRateHeaders(reply: RawResponse, server: TestServer, remaining?: number) {
  expect(reply.headers['x-ratelimit-limit']).toBe('60');
  expect(reply.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
  if (remaining !== undefined) expect(reply.headers['x-ratelimit-remaining']).toBe(String(remaining));
  const reset = String(reply.headers['x-ratelimit-reset']);
  expect(reset).toMatch(RFC1123);
  expect(Date.parse(reset)).toBeGreaterThan(server.clock.now());
  expect(Date.parse(reset)).toBeLessThanOrEqual(server.clock.now() + 60_000);
}

async function spend(method: Method, server: TestServer, calls: number, headers?: Record<string, string>) {
  const replies = await Promise.all(Array.from({ length: calls }, () => method.cheap(server.api, headers)));
  expect(replies.map((reply) => reply.status)).not.toContain(429);
}

function expectLimited(reply: RawResponse, server: TestServer) {
  expectApiError(reply, 429, 'rate_limited');
  expectRateHeaders(reply, server, 0);
  expect(reply.headers['retry-after']).toMatch(/^[1-9]\d*$/);
}

describe('rate-limit headers on every answer', () => {
  const server = useTestServer();

  const loginBody = { username: DEMO.jdoe, password: DEMO.password };
  const adminBody = { BEID: DEMO.exampleBeid, WebServicesKey: DEMO.exampleKey };
  const cases: [string, string, (api: string) => Promise<RawResponse>][] = [
    ['auth', '200', (api) => post(`${api}/auth`, loginBody)],
    ['auth', '400', (api) => post(`${api}/auth`, '{')],
    ['auth', '401', (api) => post(`${api}/auth`, { ...loginBody, password: 'wrong' })],
    ['auth', '415', (api) => post(`${api}/auth`, loginBody, { 'Content-Type': 'text/plain' })],
    ['auth/login', '200', (api) => post(`${api}/auth/login`, loginBody)],
    ['auth/login', '400', (api) => post(`${api}/auth/login`, { username: DEMO.jdoe })],
    ['auth/login', '403', (api) => post(`${api}/auth/login`, { ...loginBody, username: DEMO.retired })],
    ['auth/login', '415', (api) => post(`${api}/auth/login`, loginBody, { 'Content-Type': 'text/html' })],
    ['auth/loginadmin', '200', (api) => post(`${api}/auth/loginadmin`, adminBody)],
    ['auth/loginadmin', '400', (api) => post(`${api}/auth/loginadmin`, { ...adminBody, BEID: 'x' })],
    [
      'auth/loginadmin',
      '401',
      (api) => post(`${api}/auth/loginadmin`, { ...adminBody, BEID: DEMO.closedKey }),
    ],
    ['auth/loginadmin', '413', (api) => post(`${api}/auth/loginadmin`, 'x'.repeat(70_000))],
    [
      'auth/getuser',
      '200',
      async (api) => getWithAuth(`${api}/auth/getuser`, `Bearer ${await login(api, DEMO.jdoe)}`),
    ],
    ['auth/getuser', '401', (api) => getWithAuth(`${api}/auth/getuser`, 'Bearer nope')],
  ];

  it.each(cases)('%s answering %s', async (_method, status, call) => {
    const reply = await call(server.api);
    expect(String(reply.status)).toBe(status);
    expectRateHeaders(reply, server);
  });
});

describe.each(METHODS)('$name: 60 calls per caller per 60 s', (method) => {
  const server = useTestServer({}, { each: true });

  it('lets 60 calls through, counting down, and answers the 61st with 429', async () => {
    for (let i = 1; i <= 60; i++) {
      const reply = await method.cheap(server.api);
      expect(reply.status).not.toBe(429);
      expectRateHeaders(reply, server, 60 - i);
    }
    const limited = await method.cheap(server.api);
    expectLimited(limited, server);
    expect(limited.headers['retry-after']).toBe('60');
  });

  it('counts each method on its own', async () => {
    await spend(method, server, 60);
    expectLimited(await method.cheap(server.api), server);
    for (const other of METHODS.filter((m) => m !== method)) {
      const reply = await other.cheap(server.api);
      expect(reply.status).not.toBe(429);
      expectRateHeaders(reply, server, 59);
    }
  });

  it('starts a new window when the clock has moved 60 s, not before', async () => {
    await spend(method, server, 60);
    server.clock.advance(59_999);
    expectLimited(await method.cheap(server.api), server);
    server.clock.advance(1);
    const reply = await method.cheap(server.api);
    expect(reply.status).not.toBe(429);
    expectRateHeaders(reply, server, 59);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    await spend(method, server, 60, { 'X-Forwarded-For': '203.0.113.1' });
    expectLimited(await method.cheap(server.api, { 'X-Forwarded-For': '203.0.113.2' }), server);
    expectLimited(await method.cheap(server.api), server);
  });
});

/**
 * Spends one caller's 60 calls of a method with X-Forwarded-For `spentAs`; then each of `same` must be that caller
 * (limited), and `other` another one (its own counter).
 */
async function expectOneCaller(server: TestServer, spentAs: string, same: string[], other: string) {
  const from = (xff: string) => METHODS[1]!.cheap(server.api, { 'X-Forwarded-For': xff });
  await spend(METHODS[1]!, server, 60, { 'X-Forwarded-For': spentAs });
  for (const xff of same) expectLimited(await from(xff), server);
  const reply = await from(other);
  expect(reply.status).toBe(400);
  expectRateHeaders(reply, server, 59);
}

describe('behind a trusted proxy', () => {
  const server = useTestServer({ config: { trustedProxies: ['127.0.0.1'] } });

  it.each([
    [
      'the caller that X-Forwarded-For names',
      '198.51.100.1',
      // The proxy appends the address it saw; what the client wrote before it does not make it someone else.
      ['198.51.100.1', '192.0.2.99, 198.51.100.1', '198.51.100.1, 127.0.0.1'],
      '198.51.100.2',
    ],
    [
      'IPv6 callers per /64',
      '2001:db8:1:2::1',
      ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:DB8:1:2:0:0:0:abcd'],
      '2001:db8:1:3::1',
    ],
    [
      'an IPv4-mapped IPv6 address as its IPv4 address',
      '::ffff:203.0.113.9',
      ['203.0.113.9', '::ffff:cb00:7109'],
      '203.0.113.10',
    ],
  ])('counts %s', async (_, spentAs, same, other) => {
    await expectOneCaller(server, spentAs, same, other);
  });
});

describe('TRUST_PROXY ranges', () => {
  const server = useTestServer({ config: { trustedProxies: ['loopback', '10.0.0.0/8'] } });

  it('believes X-Forwarded-For from a trusted range, through trusted hops', async () => {
    await expectOneCaller(
      server,
      '198.51.100.1, 10.1.2.3',
      ['198.51.100.1', '198.51.100.1, 10.200.0.1, 10.3.3.3'],
      '198.51.100.2, 10.1.2.3',
    );
  });
});

describe('RateLimiter', () => {
  const window = { limit: 2, windowMs: 60_000 };
  const address = (i: number) => `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`;

  it('decides by count within a window and reports what is left', () => {
    const clock = new ManualClock(1_000_000);
    const limiter = new RateLimiter(clock);
    expect(limiter.hit('m', 'a', window)).toEqual({
      allowed: true,
      limit: 2,
      remaining: 1,
      resetAt: 1_060_000,
    });
    expect(limiter.hit('m', 'a', window)).toMatchObject({ allowed: true, remaining: 0 });
    expect(limiter.hit('m', 'a', window)).toMatchObject({ allowed: false, remaining: 0, resetAt: 1_060_000 });
    expect(limiter.hit('other', 'a', window).allowed).toBe(true);
    expect(limiter.hit('m', 'b', window).allowed).toBe(true);
  });

  it('refuses a held caller of a method until the hold ends, then starts a new window', () => {
    const clock = new ManualClock(1_000_000);
    const limiter = new RateLimiter(clock);
    limiter.hit('m', 'a', window);
    const hold = { until: 1_030_000, withRetryAfter: false };
    limiter.hold('m', 'a', hold);
    expect(limiter.hit('m', 'a', window)).toEqual({
      allowed: false,
      limit: 2,
      remaining: 0,
      resetAt: 1_030_000,
      held: hold,
    });
    expect(limiter.hit('m', 'b', window).allowed).toBe(true);
    expect(limiter.hit('other', 'a', window).allowed).toBe(true);
    clock.advance(29_999);
    expect(limiter.hit('m', 'a', window)).toMatchObject({ allowed: false, resetAt: 1_030_000 });
    clock.advance(1);
    expect(limiter.hit('m', 'a', window)).toEqual({
      allowed: true,
      limit: 2,
      remaining: 1,
      resetAt: 1_090_000,
    });
    limiter.hold('m', 'a', hold);
    limiter.releaseHolds();
    expect(limiter.hit('m', 'a', window)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('drops the counters of finished windows, so many callers do not grow memory for good', () => {
    const clock = new ManualClock(1_000_000);
    const limiter = new RateLimiter(clock);
    for (let i = 0; i < 5_000; i++) limiter.hit('auth', `10.0.${i >> 8}.${i & 255}`, window);
    expect(limiter.size).toBe(5_000);
    clock.advance(30_000);
    limiter.hit('auth', 'recent', window);
    expect(limiter.size).toBe(5_001);
    clock.advance(30_000);
    limiter.hit('auth', 'late', window);
    // The 5,000 windows ended; "recent" is still inside its window and keeps its count.
    expect(limiter.size).toBe(2);
    expect(limiter.hit('auth', 'recent', window).remaining).toBe(0);
  });

  it('holds at most MAX_CALLERS_PER_METHOD counters per method, however many callers come', () => {
    const clock = new ManualClock(1_000_000);
    const limiter = new RateLimiter(clock);
    for (let i = 0; i < 150_000; i++) limiter.hit('auth', address(i), window);
    expect(MAX_CALLERS_PER_METHOD).toBe(100_000);
    expect(limiter.size).toBe(MAX_CALLERS_PER_METHOD);
  });

  it('keeps a caller refused through a flood of 150,000 other callers', () => {
    const clock = new ManualClock(1_000_000);
    const limiter = new RateLimiter(clock);
    limiter.hit('auth', '192.0.2.1', window);
    limiter.hit('auth', '192.0.2.1', window);
    for (let i = 0; i < 150_000; i++) limiter.hit('auth', address(i), window);
    expect(limiter.hit('auth', '192.0.2.1', window)).toMatchObject({ allowed: false, resetAt: 1_060_000 });
  });

  it('makes callers beyond the bound share one counter with the same limit, until counters expire', () => {
    const clock = new ManualClock(1_000_000);
    const limiter = new RateLimiter(clock, 2);
    limiter.hit('auth', 'a', window);
    clock.advance(10_000);
    limiter.hit('auth', 'b', window);
    expect(limiter.hit('auth', 'c', window)).toMatchObject({
      allowed: true,
      remaining: 1,
      resetAt: 1_070_000,
    });
    expect(limiter.hit('auth', 'd', window)).toMatchObject({ allowed: true, remaining: 0 });
    expect(limiter.hit('auth', 'e', window)).toMatchObject({ allowed: false, remaining: 0 });
    // Each method has its own bound.
    expect(limiter.hit('auth/login', 'e', window).allowed).toBe(true);
    // "a" and "b" keep their own counters all along.
    expect(limiter.hit('auth', 'a', window)).toMatchObject({
      allowed: true,
      remaining: 0,
      resetAt: 1_060_000,
    });
    clock.advance(50_000);
    // "a"'s window has ended, which frees a place: the next newcomer gets a counter of its own.
    expect(limiter.hit('auth', 'e', window)).toMatchObject({
      allowed: true,
      remaining: 1,
      resetAt: 1_120_000,
    });
    expect(limiter.hit('auth', 'f', window)).toMatchObject({ allowed: false });
    expect(limiter.size).toBe(3);
  });

  it('counts callers by the key rateLimitKey gives them: IPv6 per /64, IPv4-mapped as the IPv4 address', () => {
    const clock = new ManualClock(1_000_000);
    const limiter = new RateLimiter(clock);
    const hit = (address: string) => limiter.hit('auth', rateLimitKey(address), window);
    hit('2001:db8::1');
    expect(hit('2001:db8:0:0:1:2:3:4').remaining).toBe(0);
    expect(hit('2001:db8:0:1::1').remaining).toBe(1);
    hit('::ffff:192.0.2.7');
    expect(hit('192.0.2.7').remaining).toBe(0);
  });
});
