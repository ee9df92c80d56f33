import { get, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectApiError } from '../testing/api-error.ts';
import { echoTenants, startEchoUpstream, type EchoUpstream } from '../testing/echo-upstream.ts';
import { send, type RawResponse } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-server.ts';

/** What the relay itself puts on the upstream request besides the three passed headers. */
const RELAY_OWN = ['host', 'user-agent', 'accept-encoding', 'content-length', 'connection'];

let upstream: EchoUpstream;
/** Another host (port) that no relayed request may ever reach. */
let bystander: EchoUpstream;
let front: TestServer;
const FIXED_DATE = 'Mon, 02 Mar 2026 12:00:00 GMT';

beforeAll(async () => {
  upstream = await startEchoUpstream({
    '/TDWebApi/api/limited': (_req, res) => {
      res.writeHead(429, {
        'Content-Type': 'application/json; charset=utf-8',
        Date: FIXED_DATE,
        'X-RateLimit-Limit': '60',
        'X-RateLimit-Remaining': '0',
        'X-RateLimit-Reset': 'Mon, 02 Mar 2026 12:01:00 GMT',
        'Retry-After': '42',
        'WWW-Authenticate': ['Bearer realm="tdx"', 'Basic'],
        'Cache-Control': 'private, max-age=0',
        'Set-Cookie': 'tenant-session=secret; Path=/; HttpOnly',
        'X-Powered-By': 'ASP.NET',
        Server: 'Microsoft-IIS/10.0',
        'Access-Control-Allow-Origin': '*',
        'Strict-Transport-Security': 'max-age=31536000',
        Link: '<https://evil.example/>; rel=preload',
        'Content-Security-Policy': "script-src 'unsafe-inline'",
      });
      res.end('{"Message":"slow down"}');
    },
    '/TDWebApi/api/plain': (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('plain');
    },
    '/TDWebApi/api/challenge': (req, res) => {
      const challenges = new URL(req.url ?? '/', 'http://x').searchParams.getAll('c');
      res.writeHead(401, { 'Content-Type': 'application/json', 'WWW-Authenticate': challenges });
      res.end('{}');
    },
    '/TDWebApi/api/same-types': (req) => {
      req.socket.end(
        'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Type: text/plain\r\nCache-Control: private\r\nCache-Control: max-age=0\r\nContent-Length: 2\r\n\r\nhi',
      );
    },
    '/TDWebApi/api/public': (_req, res) => {
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Cache-Control': 'public, max-age=3600',
        Vary: 'Accept',
      });
      res.end('{}');
    },
    '/TDWebApi/api/empty': (_req, res) => {
      res.writeHead(204);
      res.end();
    },
    '/TDWebApi/api/redirect': (req, res) => {
      const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to') ?? '/';
      res.writeHead(302, { Location: to, 'Content-Length': 0 });
      res.end();
    },
  });
  bystander = await startEchoUpstream();
  front = await startTestServer({
    config: {
      relayTenants: echoTenants(upstream),
    },
  });
});
afterAll(async () => {
  await front.stop(true);
  await upstream.stop();
  await bystander.stop();
});
beforeEach(() => {
  upstream.requests.length = 0;
  bystander.requests.length = 0;
});

const bystanderHost = () => new URL(bystander.origin).host;

const relayed = (path: string, options: Omit<Parameters<typeof send>[1], 'path'> = {}) =>
  send(front.origin, { path, ...options });

function only() {
  expect(upstream.requests).toHaveLength(1);
  return upstream.requests[0]!;
}

describe('what reaches the upstream', () => {
  it('only Authorization, Content-Type and Accept of the client’s headers; never cookies or forwarding headers', async () => {
    const res = await relayed('/relay/echo/api/auth/login', {
      method: 'POST',
      headers: {
        Authorization: 'Bearer abc.def.ghi',
        'Content-Type': 'application/json',
        Accept: 'text/plain',
        Cookie: 'TDWebApiSso=session-secret; other=1',
        // All naming the bystander: a relay that built its target from them would send this request there.
        'X-Forwarded-For': '203.0.113.9',
        'X-Forwarded-Host': bystanderHost(),
        'X-Forwarded-Proto': 'http',
        Forwarded: `for=203.0.113.9;host=${bystanderHost()}`,
        Origin: bystander.origin,
        Referer: `${bystander.origin}/page`,
        'User-Agent': 'browser/1.0',
        'Accept-Language': 'fr',
        'X-Custom': 'nope',
      },
      body: '{"username":"a","password":"b"}',
    });
    expect(res.status).toBe(200);
    const got = only();
    expect(got.method).toBe('POST');
    expect(got.url).toBe('/TDWebApi/api/auth/login');
    expect(got.headers.cookie).toBeUndefined();
    for (const name of Object.keys(got.headers)) {
      expect([...RELAY_OWN, 'authorization', 'content-type', 'accept']).toContain(name);
    }
    expect(got.headers).toMatchObject({
      host: new URL(upstream.origin).host,
      authorization: 'Bearer abc.def.ghi',
      'content-type': 'application/json',
      accept: 'text/plain',
      'accept-encoding': 'identity',
      'content-length': '31',
    });
    expect(got.headers['user-agent']).toMatch(/^auth-console-relay\//);
    expect(got.body.toString()).toBe('{"username":"a","password":"b"}');
    expect(bystander.requests).toHaveLength(0);
  });

  it('GET carries no body and no Content-Length', async () => {
    await relayed('/relay/echo/api/auth/getuser', { headers: { Authorization: 'Bearer t' } });
    const got = only();
    expect(got.method).toBe('GET');
    expect(got.headers['content-length']).toBeUndefined();
    expect(got.body.length).toBe(0);
  });

  it.each([
    [
      '/relay/echo/api/people/lookup?searchText=a%20b&maxResults=5',
      '/TDWebApi/api/people/lookup?searchText=a%20b&maxResults=5',
    ],
    ['/relay/echo/api/people/LOOKUP?q=%2e%2e%2f&x=..', '/TDWebApi/api/people/LOOKUP?q=%2e%2e%2f&x=..'],
    ['/relay/echo', '/TDWebApi'],
    ['/relay/echo/', '/TDWebApi/'],
    ['/RELAY/Echo/api/a%20b/', '/TDWebApi/api/a%20b/'],
    ['/relay/echo/api/..foo/foo..', '/TDWebApi/api/..foo/foo..'],
    ['/relay/root/TDWebApi/api/auth', '/TDWebApi/api/auth'],
    ['/relay/root', '/'],
  ])('%s reaches the upstream as %s', async (path, expected) => {
    const res = await relayed(path);
    expect(res.status).toBe(200);
    expect(only().url).toBe(expected);
  });

  it('passes a body of exactly 64 KB', async () => {
    const body = Buffer.alloc(64 * 1024, 'a');
    const res = await relayed('/relay/echo/api/x', {
      method: 'POST',
      headers: { Authorization: 'Bearer t' },
      body,
      chunked: true,
    });
    expect(res.status).toBe(200);
    expect(only().body.length).toBe(64 * 1024);
  });

  it.each([false, true])(
    'refuses a body over 64 KB (chunked: %s) with 413, sending nothing on',
    async (chunked) => {
      const res = await relayed('/relay/echo/api/x', {
        method: 'POST',
        headers: { Authorization: 'Bearer t' },
        body: Buffer.alloc(64 * 1024 + 1, 'a'),
        chunked,
      });
      expectApiError(res, 413, 'payload_too_large');
      expect(upstream.requests).toHaveLength(0);
    },
  );
});

describe('what comes back', () => {
  it('status, body and only the listed headers, with this server’s security headers', async () => {
    const res = await relayed('/relay/echo/api/limited');
    expect(res.status).toBe(429);
    expect(res.text).toBe('{"Message":"slow down"}');
    expect(res.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      date: FIXED_DATE,
      'x-ratelimit-limit': '60',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': 'Mon, 02 Mar 2026 12:01:00 GMT',
      'retry-after': '42',
      'www-authenticate': 'Bearer realm="tdx"',
      'cache-control': 'private, max-age=0',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
    });
    for (const name of ['set-cookie', 'x-powered-by', 'server', 'access-control-allow-origin', 'link']) {
      expect(res.headers[name], name).toBeUndefined();
    }
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-security-policy']).toContain("script-src 'none'");
    expect(res.headers['content-security-policy']).not.toContain('unsafe-inline');
  });

  it.each([
    [['Bearer realm="tdx"'], 'Bearer realm="tdx"'],
    [['bearer'], 'bearer'],
    [['Basic realm="tdx"'], undefined],
    [['Bearer realm="tdx", Basic realm="tdx"'], 'Bearer realm="tdx"'],
    [['Basic realm="tdx"', 'Bearer error="invalid_token"'], 'Bearer error="invalid_token"'],
    [
      ['Negotiate', 'Bearer error="invalid_token", error_description="a, b"', 'NTLM'],
      'Bearer error="invalid_token", error_description="a, b"',
    ],
    [['Basic realm="a, Bearer b"'], undefined],
    [['Digest realm="x", nonce="y", Basic'], undefined],
    [['Basic realm="x" junk "'], undefined],
  ])('passes WWW-Authenticate %j only as its Bearer challenges: %j', async (challenges, passed) => {
    const query = challenges.map((c) => `c=${encodeURIComponent(c)}`).join('&');
    const res = await relayed(`/relay/echo/api/challenge?${query}`);
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe(passed);
  });

  it('sends a repeated Content-Type once, and joins repeated Cache-Control into one line', async () => {
    const res = await new Promise<IncomingMessage>((resolve, reject) =>
      get(`${front.origin}/relay/echo/api/same-types`, resolve).on('error', reject),
    );
    res.resume();
    const lines = (name: string) =>
      res.rawHeaders.filter((_, i) => i % 2 === 0 && res.rawHeaders[i]!.toLowerCase() === name).length;
    expect(res.statusCode).toBe(200);
    expect(lines('content-type')).toBe(1);
    expect(lines('cache-control')).toBe(1);
    expect(res.headersDistinct['content-type']).toEqual(['text/plain']);
    expect(res.headersDistinct['cache-control']).toEqual(['private, max-age=0']);
  });

  it('marks an answer without Cache-Control no-store', async () => {
    const res = await relayed('/relay/echo/api/plain');
    expect(res.text).toBe('plain');
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers a request with a bearer token no-store, whatever the tenant allows', async () => {
    const bearer = await relayed('/relay/echo/api/public', { headers: { Authorization: 'Bearer t' } });
    expect(bearer.status).toBe(200);
    expect(bearer.headers['cache-control']).toBe('no-store');
    // Without a token the answer is nobody's own: the tenant's word stands.
    const anonymous = await relayed('/relay/echo/api/public');
    expect(anonymous.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('passes a 204 through without a body', async () => {
    const res = await relayed('/relay/echo/api/empty');
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
  });
});

describe('redirects are passed back, never followed', () => {
  const redirect = (to: string) => relayed(`/relay/echo/api/redirect?to=${encodeURIComponent(to)}`);

  it.each([
    ['/TDWebApi/api/auth/other?x=1', '/relay/echo/api/auth/other?x=1'],
    ['/tdwebapi/api/auth/other', '/relay/echo/api/auth/other'],
    ['other', '/relay/echo/api/other'],
    ['../auth/next', '/relay/echo/auth/next'],
  ])('a Location inside the base (%s) comes back through the relay: %s', async (to, expected) => {
    const res = await redirect(to);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(expected);
    expect(upstream.requests).toHaveLength(1);
  });

  it('a Location outside the base is given as the absolute upstream URL', async () => {
    expect((await redirect('https://idp.example/authorize?x=1')).headers.location).toBe(
      'https://idp.example/authorize?x=1',
    );
    expect((await redirect('/idp/auth?x=1')).headers.location).toBe(`${upstream.origin}/idp/auth?x=1`);
    expect((await redirect('/TDWebApiX/y')).headers.location).toBe(`${upstream.origin}/TDWebApiX/y`);
    expect(upstream.requests).toHaveLength(3);
  });

  it('a redirect to another host is handed back, not followed there', async () => {
    const res = await redirect(`${bystander.origin}/steal?x=1`);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`${bystander.origin}/steal?x=1`);
    expect(upstream.requests).toHaveLength(1);
    expect(bystander.requests).toHaveLength(0);
  });
});

describe('refusals: nothing reaches any upstream', () => {
  it('the bystander records whatever reaches it (so that its silence below means something)', async () => {
    expect((await send(bystander.origin, { path: '/probe' })).status).toBe(200);
    expect(bystander.requests.map((got) => got.url)).toEqual(['/probe']);
  });

  it.each([
    '/relay/echo//{bystander}/x',
    '/relay/echo/%2f%2f{bystander}/x',
    '/relay/echo/%2F%2F{bystander}',
    '/relay/echo/..%2f..%2f..%2f{bystander}/x',
    '/relay/echo/%5c%5c{bystander}/x',
    '/relay/echo/\\\\{bystander}/x',
    '/relay/echo/../../../{bystander}/x',
    '/relay/echo/%2e%2e/%2e%2e/{bystander}',
    'http://{bystander}/relay/echo/../x',
  ])('%s, aimed at the bystander, is a 400 and reaches no one', async (template) => {
    const res = await relayed(template.replace('{bystander}', bystanderHost()));
    expectApiError(res, 400, 'bad_request');
    expect(upstream.requests).toHaveLength(0);
    expect(bystander.requests).toHaveLength(0);
  });

  it('a request naming the bystander as its absolute-form host never reaches it', async () => {
    const res = await relayed(`http://${bystanderHost()}/relay/echo/api/x`);
    expect([200, 400]).toContain(res.status);
    expect(bystander.requests).toHaveLength(0);
  });

  it.each([
    '/relay/echo/../../TDWebApi/api/auth',
    '/relay/echo/api/../../x',
    '/relay/echo/api/..',
    '/relay/echo/./api',
    '/relay/echo/%2e%2e/x',
    '/relay/echo/%2E%2e/x',
    '/relay/echo/.%2e/x',
    '/relay/echo/%252e%252e/x',
    '/relay/echo/%25252e%25252e/x',
    '/relay/echo/..%2fx',
    '/relay/echo/api%2f..%2f..%2fx',
    '/relay/echo/%2fevil.example/x',
    '/relay/echo/..\\x',
    '/relay/echo/%5c..%5cx',
    '/relay/echo/%5C%5Cevil.example',
    '/relay/echo//evil.example/x',
    '/relay/echo/api//x',
    '/relay//echo/api',
    '/relay/echo/...',
    '/relay/echo/..;/x',
    '/relay/echo/%2e%2e%3b/x',
    '/relay/echo/%00',
    '/relay/echo/api%0d%0aHost:evil',
    '/relay/echo/%zz',
    '/relay/../relay/echo/api',
    '/x/../relay/echo/api',
    '/relay/./echo/api',
    `http://evil.example/relay/echo/../x`,
    '/relay/echo/%2e%2e%3fx/y',
    '/relay/echo/%EF%BC%8E%EF%BC%8E/x',
    '/relay/echo/%EF%BC%8E%EF%BC%8E%EF%BC%8F..',
    '/relay/echo/api%E2%80%AEx',
  ])('%s is a 400', async (path) => {
    const res = await relayed(path);
    expectApiError(res, 400, 'bad_request');
    expect(upstream.requests).toHaveLength(0);
  });

  it('an unknown tenant is a 404', async () => {
    expectApiError(await relayed('/relay/nope/api/auth'), 404, 'not_found');
    expectApiError(await relayed('/relay/echo.evil.example/api'), 404, 'not_found');
    expect(upstream.requests).toHaveLength(0);
  });

  it.each(['PUT', 'PATCH', 'DELETE'])(
    '%s reaches the tenant with its body, as the Web API takes it',
    async (method) => {
      const body = JSON.stringify({ ID: 7, Name: 'Changed' });
      const res = await relayed('/relay/echo/api/42/tickets/7', {
        method,
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer t' },
        body,
      });
      expect(res.status).toBe(200);
      const got = only();
      expect(got.method).toBe(method);
      expect(got.url).toBe('/TDWebApi/api/42/tickets/7');
      expect(got.body.toString()).toBe(body);
      expect(got.headers['content-length']).toBe(String(body.length));
    },
  );

  it.each(['OPTIONS', 'HEAD', 'TRACE', 'PROPFIND'])('%s is a 405', async (method) => {
    const res = await relayed('/relay/echo/api/auth', { method });
    expect(res.status).toBe(405);
    expect(upstream.requests).toHaveLength(0);
  });

  it('whatever the path, every relayed request lands on the tenant’s host inside its base', async () => {
    const pieces = [
      '..',
      '.',
      '%2e',
      '%2E%2e',
      '%252e',
      '%5c',
      '\\',
      '%2f',
      '',
      'a',
      '@evil.example',
      'evil.example:80',
      ';',
      '%3f',
      '%23',
      '%40',
      bystanderHost(),
      `@${bystanderHost()}`,
      `%2f%2f${bystanderHost()}`,
    ];
    let relayedCount = 0;
    for (const a of pieces) {
      for (const b of pieces) {
        const res: RawResponse = await relayed(`/relay/echo/${a}/${b}`);
        if (res.status === 200) relayedCount++;
        else expect([400]).toContain(res.status);
      }
    }
    expect(relayedCount).toBeGreaterThan(0);
    expect(upstream.requests.length).toBe(relayedCount);
    expect(bystander.requests).toHaveLength(0);
    for (const got of upstream.requests) {
      expect(got.url === '/TDWebApi' || got.url.startsWith('/TDWebApi/'), got.url).toBe(true);
      expect(got.headers.host).toBe(new URL(upstream.origin).host);
    }
  });
});
