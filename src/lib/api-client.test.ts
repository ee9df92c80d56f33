import { describe, expect, it, vi } from 'vitest';
import { fakeDateInEachTest } from '@/testing/fake-date';
import { createApiClient, type ApiClientDeps, type RateLimitBook } from './api-client';
import {
  ApiHttpError,
  NetworkError,
  RateLimitedError,
  SessionExpiredError,
  type RateLimitInfo,
} from './api-errors';

const T0 = Date.parse('2026-03-02T12:00:00.000Z');
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjF9.c2ln';

function memoryBook() {
  const seen = new Map<string, RateLimitInfo>();
  const blocked = new Map<string, number>();
  const book: RateLimitBook = {
    record: (base, method, info) => void seen.set(`${base} ${method}`, info),
    blockedUntil: (base, method) => blocked.get(`${base} ${method}`) ?? null,
    block: (base, method, until) => void blocked.set(`${base} ${method}`, until),
  };
  return { book, seen, blocked };
}

function answerWith(body: string, init: ResponseInit & { headers?: Record<string, string> } = {}) {
  return new Response(body, init);
}

function jsonAnswer(data: unknown, status = 200, headers: Record<string, string> = {}) {
  return answerWith(JSON.stringify(data), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

function setup(overrides: Partial<ApiClientDeps> = {}) {
  const rates = memoryBook();
  const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.resolve(jsonAnswer({ ok: true })));
  const client = createApiClient({
    baseUrl: () => '/TDWebApi',
    session: () => null,
    serverNow: () => Date.now(),
    rateLimits: rates.book,
    fetch,
    ...overrides,
  });
  const sent = (i = 0) => {
    const [url, init] = fetch.mock.calls[i] ?? [];
    return { url, init: init!, headers: init!.headers as Record<string, string> };
  };
  return { client, fetch, rates, sent };
}

fakeDateInEachTest(T0);

describe('the Authorization header', () => {
  it('is absent without a session: never "Bearer undefined" or "Bearer null"', async () => {
    const { client, sent } = setup();
    await client.send({ method: 'GET', path: '/api/auth/getuser' });
    expect(sent().headers).not.toHaveProperty('Authorization');
    expect(JSON.stringify(sent().headers)).not.toMatch(/Bearer|undefined|null/);
  });

  it('carries the session token when there is one', async () => {
    const { client, sent } = setup({ session: () => ({ token: TOKEN, expiresAt: T0 + 60_000 }) });
    await client.send({ method: 'GET', path: '/api/auth/getuser' });
    expect(sent().headers.Authorization).toBe(`Bearer ${TOKEN}`);
    expect(sent().url).toBe('/TDWebApi/api/auth/getuser');
    expect(sent().init.method).toBe('GET');
    expect(sent().init.referrerPolicy).toBe('no-referrer');
  });

  it('is left off when the request asks for no auth (logins), even with a session', async () => {
    const session = vi.fn(() => ({ token: TOKEN, expiresAt: T0 + 60_000 }));
    const { client, sent } = setup({ session });
    await client.send({ method: 'POST', path: '/api/auth/login', body: { username: 'a' }, auth: false });
    expect(sent().headers).not.toHaveProperty('Authorization');
  });

  it('is never sent with an expired token: SessionExpiredError and no request at all', async () => {
    const { client, fetch } = setup({
      session: () => ({ token: TOKEN, expiresAt: T0 + 5 * 60_000 }),
      // The browser's clock is 10 minutes slow: on the server's clock the token expired 5 minutes ago.
      serverNow: () => Date.now() + 10 * 60_000,
    });
    await expect(client.send({ method: 'GET', path: '/api/auth/getuser' })).rejects.toBeInstanceOf(
      SessionExpiredError,
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is refused at the exact second of expiry', async () => {
    const { client, fetch } = setup({ session: () => ({ token: TOKEN, expiresAt: T0 }) });
    await expect(client.send({ method: 'GET', path: '/api/auth/getuser' })).rejects.toThrow(
      SessionExpiredError,
    );
    expect(fetch).toHaveBeenCalledTimes(0);
  });
});

describe('a token given with the request', () => {
  it('is sent instead of the session token (a pasted token being verified)', async () => {
    const { client, sent } = setup({ session: () => ({ token: 'session-token', expiresAt: T0 + 60_000 }) });
    await client.send({ method: 'GET', path: '/api/auth/getuser', token: TOKEN });
    expect(sent().headers.Authorization).toBe(`Bearer ${TOKEN}`);
  });
});

describe('redirects', () => {
  it('are followed unless asked otherwise', async () => {
    const { client, sent } = setup();
    await client.send({ method: 'GET', path: '/api/auth/loginsso', auth: false });
    expect(sent().init.redirect).toBe('follow');
  });

  it('come back as "redirected" when not followed, without throwing', async () => {
    // As a browser hands it over: no status, no headers, an empty body.
    const opaque = {
      type: 'opaqueredirect',
      status: 0,
      ok: false,
      headers: new Headers(),
      arrayBuffer: () => Promise.resolve(new ArrayBuffer(0)),
    } as Response;
    const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.resolve(opaque));
    const { client } = setup({ fetch });
    const answer = await client.send({
      method: 'GET',
      path: '/api/auth/loginsso',
      auth: false,
      redirect: 'manual',
    });
    expect(answer.redirected).toBe(true);
    expect(answer.body).toEqual({ type: 'empty' });
    expect(fetch.mock.calls[0]?.[1]?.redirect).toBe('manual');
  });

  it('are not reported on an ordinary answer', async () => {
    const { client } = setup();
    expect((await client.send({ method: 'GET', path: '/api/auth/getuser' })).redirected).toBe(false);
  });
});

describe('requests and answers', () => {
  it('sends a body as JSON with its content type, and no content type without a body', async () => {
    const { client, sent } = setup();
    await client.send({ method: 'POST', path: '/api/auth', body: { username: 'jdoe', password: 'pw' } });
    expect(sent().headers['Content-Type']).toBe('application/json');
    expect(sent().init.body).toBe('{"username":"jdoe","password":"pw"}');
    await client.send({ method: 'GET', path: '/api/auth/getuser' });
    expect(sent(1).headers).not.toHaveProperty('Content-Type');
    expect(sent(1).init.body).toBeUndefined();
  });

  it('reads a text/plain answer (a login) as text', async () => {
    const { client, fetch } = setup();
    fetch.mockResolvedValueOnce(
      answerWith('eyJ.a.b', { headers: { 'Content-Type': 'text/plain; charset=utf-8' } }),
    );
    const answer = await client.send({ method: 'POST', path: '/api/auth/login', auth: false });
    expect(answer.body).toEqual({ type: 'text', text: 'eyJ.a.b' });
  });

  it('parses JSON answers, and keeps a JSON-typed answer that does not parse as text', async () => {
    const { client, fetch } = setup();
    fetch.mockResolvedValueOnce(jsonAnswer({ UID: 'x' }));
    expect((await client.send({ method: 'GET', path: '/api/x' })).body).toEqual({
      type: 'json',
      data: { UID: 'x' },
    });
    fetch.mockResolvedValueOnce(answerWith('{oops', { headers: { 'Content-Type': 'application/json' } }));
    expect((await client.send({ method: 'GET', path: '/api/x' })).body).toEqual({
      type: 'text',
      text: '{oops',
    });
    fetch.mockResolvedValueOnce(new Response(null, { status: 204 }));
    expect((await client.send({ method: 'GET', path: '/api/x' })).body).toEqual({ type: 'empty' });
  });

  it("answers the server's Date header as ms, or null", async () => {
    const { client, fetch } = setup();
    fetch.mockResolvedValueOnce(jsonAnswer({}, 200, { Date: 'Mon, 02 Mar 2026 12:10:00 GMT' }));
    expect((await client.send({ method: 'GET', path: '/api/x' })).serverDate).toBe(T0 + 10 * 60_000);
    expect((await client.send({ method: 'GET', path: '/api/x' })).serverDate).toBeNull();
  });
});

describe('rate limits', () => {
  const limits = (remaining: number, reset = 'Mon, 02 Mar 2026 12:01:00 GMT') => ({
    'X-RateLimit-Limit': '60',
    'X-RateLimit-Remaining': String(remaining),
    'X-RateLimit-Reset': reset,
  });

  it('records the X-RateLimit headers of each method separately', async () => {
    const { client, fetch, rates } = setup();
    fetch.mockResolvedValueOnce(
      answerWith('tok', { headers: { 'Content-Type': 'text/plain', ...limits(59) } }),
    );
    const answer = await client.send({ method: 'POST', path: '/api/auth/login', auth: false });
    fetch.mockResolvedValueOnce(jsonAnswer({}, 200, limits(12, 'Mon, 02 Mar 2026 12:00:30 GMT')));
    await client.send({ method: 'GET', path: '/api/auth/getuser' });
    await client.send({ method: 'POST', path: '/api/auth', auth: false });

    const loginInfo = { limit: 60, remaining: 59, resetAt: T0 + 60_000 };
    expect(answer.rateLimit).toEqual(loginInfo);
    expect(Object.fromEntries(rates.seen)).toEqual({
      '/TDWebApi POST auth/login': loginInfo,
      '/TDWebApi GET auth/getuser': { limit: 60, remaining: 12, resetAt: T0 + 30_000 },
    });
  });

  it('ignores incomplete or malformed rate-limit headers', async () => {
    const { client, fetch, rates } = setup();
    fetch.mockResolvedValueOnce(jsonAnswer({}, 200, { 'X-RateLimit-Limit': '60' }));
    fetch.mockResolvedValueOnce(jsonAnswer({}, 200, { ...limits(5), 'X-RateLimit-Reset': 'soon' }));
    fetch.mockResolvedValueOnce(jsonAnswer({}, 200, { ...limits(5), 'X-RateLimit-Remaining': 'x' }));
    for (let i = 0; i < 3; i++) await client.send({ method: 'GET', path: '/api/auth/getuser' });
    expect(rates.seen.size).toBe(0);
  });

  it('turns a 429 into an ApiHttpError with retryAt from Retry-After, then sends nothing until then', async () => {
    const { client, fetch } = setup();
    fetch.mockResolvedValueOnce(
      jsonAnswer({ status: 429, error: 'rate_limited', message: 'Slow down.' }, 429, {
        'Retry-After': '30',
        ...limits(0),
      }),
    );
    const login = { method: 'POST', path: '/api/auth/login', auth: false } as const;
    const first = await client.send(login).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(ApiHttpError);
    expect(first).toMatchObject({ status: 429, code: 'rate_limited', retryAt: T0 + 30_000 });

    vi.setSystemTime(T0 + 29_999);
    const second = await client.send(login).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(RateLimitedError);
    expect(second).toMatchObject({ rateMethod: 'POST auth/login', retryAt: T0 + 30_000 });
    expect(fetch).toHaveBeenCalledTimes(1);

    // Another method is not held back.
    await client.send({ method: 'POST', path: '/api/auth', auth: false });
    expect(fetch).toHaveBeenCalledTimes(2);

    vi.setSystemTime(T0 + 30_000);
    await client.send(login);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('counts and holds back each connection apart: a 429 on one base leaves the same method free on another', async () => {
    const { client, fetch, rates } = setup();
    fetch.mockResolvedValueOnce(
      jsonAnswer({ status: 429, error: 'rate_limited', message: 'Slow down.' }, 429, {
        'Retry-After': '30',
        ...limits(0),
      }),
    );
    const loginAdmin = { method: 'POST', path: '/api/auth/loginadmin', auth: false } as const;
    await expect(client.send({ ...loginAdmin, base: '/relay/acme' })).rejects.toBeInstanceOf(ApiHttpError);
    fetch.mockResolvedValueOnce(
      answerWith('tok', { headers: { 'Content-Type': 'text/plain', ...limits(41) } }),
    );
    await client.send({ ...loginAdmin, base: '/SBTDWebApi' });
    await client.send(loginAdmin);
    await expect(client.send({ ...loginAdmin, base: '/relay/acme' })).rejects.toBeInstanceOf(
      RateLimitedError,
    );

    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/relay/acme/api/auth/loginadmin',
      '/SBTDWebApi/api/auth/loginadmin',
      '/TDWebApi/api/auth/loginadmin',
    ]);
    expect(rates.blocked).toEqual(new Map([['/relay/acme POST auth/loginadmin', T0 + 30_000]]));
    expect([...rates.seen.keys()]).toEqual([
      '/relay/acme POST auth/loginadmin',
      '/SBTDWebApi POST auth/loginadmin',
    ]);
  });

  it("takes the retry time from X-RateLimit-Reset without Retry-After, corrected for the server's clock", async () => {
    const { client, fetch } = setup();
    // The server's clock is 10 minutes ahead of the browser's; its window resets 45 s after its "now".
    fetch.mockResolvedValueOnce(
      jsonAnswer({ status: 429, error: 'rate_limited', message: 'Slow down.' }, 429, {
        Date: 'Mon, 02 Mar 2026 12:10:00 GMT',
        ...limits(0, 'Mon, 02 Mar 2026 12:10:45 GMT'),
      }),
    );
    const error = await client
      .send({ method: 'POST', path: '/api/auth', auth: false })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiHttpError);
    expect((error as ApiHttpError).retryAt).toBe(T0 + 45_000);

    vi.setSystemTime(T0 + 44_000);
    await expect(client.send({ method: 'POST', path: '/api/auth', auth: false })).rejects.toThrow(
      RateLimitedError,
    );
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('holds a method back for a minute when a 429 says nothing about when', async () => {
    const { client, fetch, rates } = setup();
    fetch.mockResolvedValueOnce(answerWith('Too many requests', { status: 429 }));
    const error = await client.send({ method: 'GET', path: '/api/auth/getuser' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, retryAt: T0 + 60_000 });
    expect(rates.blocked.get('/TDWebApi GET auth/getuser')).toBe(T0 + 60_000);
  });
});

describe('failures', () => {
  it('names the address it could not reach', async () => {
    const { client } = setup({
      baseUrl: () => 'https://tdx.example.edu/TDWebApi',
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    const error = await client.send({ method: 'GET', path: '/api/auth/getuser' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).address).toBe('https://tdx.example.edu');
    expect((error as NetworkError).message).toBe('Cannot reach https://tdx.example.edu');
  });

  it("names this page's origin for a relative base URL", async () => {
    const { client } = setup({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(client.send({ method: 'GET', path: '/api/x' })).rejects.toMatchObject({
      name: 'NetworkError',
      address: window.location.origin,
    });
  });

  it('lets an abort through as it is, not as a network failure', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('aborted', 'AbortError');
    const { client } = setup({ fetch: () => Promise.reject(abort) });
    await expect(client.send({ method: 'GET', path: '/api/x', signal: controller.signal })).rejects.toBe(
      abort,
    );
  });

  it('turns a non-2xx answer into an ApiHttpError with the code and message of its JSON body', async () => {
    const { client, fetch } = setup({ session: () => ({ token: TOKEN, expiresAt: T0 + 60_000 }) });
    fetch.mockResolvedValueOnce(
      jsonAnswer({ status: 401, error: 'insufficient_permission', message: 'No TDPeople.' }, 401),
    );
    const error = await client
      .send({ method: 'GET', path: '/api/people/C1A2B3C4-D5E6-4F70-8192-A3B4C5D6E7F8' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiHttpError);
    expect(error).toMatchObject({
      status: 401,
      code: 'insufficient_permission',
      serverMessage: 'No TDPeople.',
      withToken: true,
      rateMethod: 'GET people/{id}',
      retryAt: null,
    });
  });

  it('keeps code and message null when the error body is not the JSON error shape', async () => {
    const { client, fetch } = setup();
    fetch.mockResolvedValueOnce(
      answerWith('<h1>Bad gateway</h1>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
    );
    fetch.mockResolvedValueOnce(jsonAnswer({ Message: 'Authorization has been denied.' }, 401));
    await expect(client.send({ method: 'GET', path: '/api/x' })).rejects.toMatchObject({
      status: 502,
      code: null,
      serverMessage: null,
      withToken: false,
    });
    await expect(client.send({ method: 'GET', path: '/api/x' })).rejects.toMatchObject({
      status: 401,
      code: null,
      serverMessage: null,
    });
  });
});

describe('sendRaw: the answer as it came (the Requests screen)', () => {
  it('sends any method with a JSON body exactly as written, and the token', async () => {
    const { client, sent } = setup({ session: () => ({ token: TOKEN, expiresAt: T0 + 60_000 }) });
    const text = '{\n  "n": 12345678901234567890\n}';
    await client.sendRaw({ method: 'PATCH', path: '/api/people/x', bodyText: text });
    expect(sent().init.method).toBe('PATCH');
    expect(sent().init.body).toBe(text);
    expect(sent().headers['Content-Type']).toBe('application/json');
    expect(sent().headers.Authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('answers a non-2xx status without throwing: status, time, size, headers, text, and the typed error', async () => {
    const body = '{"status":404,"error":"not_emulated","message":"The Tickets área is not emulated."}';
    const fetch = vi.fn<typeof globalThis.fetch>(() => {
      vi.setSystemTime(T0 + 137);
      return Promise.resolve(
        answerWith(body, {
          status: 404,
          headers: {
            'Content-Type': 'application/json; charset=utf-8',
            'X-RateLimit-Limit': '60',
            'X-RateLimit-Remaining': '59',
            'X-RateLimit-Reset': new Date(T0 + 61_000).toUTCString(),
            Date: new Date(T0 + 1000).toUTCString(),
          },
        }),
      );
    });
    const { client, rates } = setup({ fetch, session: () => ({ token: TOKEN, expiresAt: T0 + 60_000 }) });
    const answer = await client.sendRaw({ method: 'DELETE', path: '/api/1/tickets/2' });
    expect(answer.status).toBe(404);
    expect(answer.ms).toBe(137);
    expect(answer.text).toBe(body);
    // Bytes, not characters: the "á" is two.
    expect(answer.size).toBe(body.length + 1);
    expect(answer.headers).toContainEqual(['x-ratelimit-remaining', '59']);
    expect(answer.rateMethod).toBe('DELETE {appId}/tickets/{id}');
    expect(answer.rateLimit).toEqual({ limit: 60, remaining: 59, resetAt: T0 + 61_000 });
    // The server's clock is 863 ms ahead of the browser's when the answer arrives.
    expect(answer.resetAt).toBe(T0 + 61_000 - 863);
    expect(rates.seen.get('/TDWebApi DELETE {appId}/tickets/{id}')?.remaining).toBe(59);
    expect(answer.error).toBeInstanceOf(ApiHttpError);
    expect(answer.error).toMatchObject({ status: 404, code: 'not_emulated', withToken: true });
  });

  it('answers a 2xx with no error, and still refuses a rate-limited method without sending', async () => {
    const { client, fetch, rates } = setup();
    expect((await client.sendRaw({ method: 'GET', path: '/api/auth/getuser' })).error).toBeNull();
    rates.book.block('/TDWebApi', 'PUT people/{id}', T0 + 5000);
    await expect(client.sendRaw({ method: 'PUT', path: '/api/people/7' })).rejects.toBeInstanceOf(
      RateLimitedError,
    );
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
