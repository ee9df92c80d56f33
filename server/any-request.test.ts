import { rmSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEchoUpstream, type EchoUpstream } from './testing/echo-upstream.ts';
import { send, sendRaw, type SendOptions } from './testing/http-client.ts';
import { DEMO, login, startTestServer, type TestServer } from './testing/start-server.ts';
import { makeTempDist } from './testing/temp-dist.ts';

/**
 * Generated requests over the whole URL space, on every mount: no answer is a 5xx, the server never stops, and it
 * still signs a user in afterwards. Bounded by run count; each run is one request to a real server.
 */
const RUNS_PER_MOUNT = 200;

const MOUNTS = [
  '/',
  '/assets/',
  '/assets/app-abc123.js/',
  '/index.html/',
  '/favicon.svg/',
  '/TDWebApi/',
  '/TDWebApi/api/auth/',
  '/TDWebApi/api/people/',
  '/SBTDWebApi/api/',
  '/idp/',
  '/idp/interaction/',
  '/relay/echo/',
  '/relay/',
  '/healthz',
];

/** Printable ASCII stays; anything else is percent-encoded, as a client must send it. */
const encodeOdd = (text: string) =>
  [...text].map((char) => (/^[\x21-\x7e]$/.test(char) ? char : encodeURIComponent(char))).join('');

const segment = fc.oneof(
  fc.constantFrom(
    '.',
    '..',
    '%2e',
    '%2e%2e',
    '%2f',
    '%5c',
    '%00',
    '%',
    '%zz',
    '%E0%A4%A',
    '%FF',
    '%C3%A9',
    '%u0000',
    // Segments a tenant might decode or normalize into a climb out of its base (README: relay path rules).
    '%2e%2e%3fx',
    '%EF%BC%8E%EF%BC%8E',
    '%EF%BC%8E',
    '%3f',
    '%23',
    '%252e%252e',
    '',
    'index.html',
    'app-abc123.js',
    'favicon.svg',
    'assets',
    'api',
    'auth',
    'login',
    'loginadmin',
    'loginsso',
    'callback',
    'getuser',
    'people',
    'lookup',
    '.well-known',
    'openid-configuration',
    'jwks',
    'token',
    'auth',
    'interaction',
    'c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8',
    'echo',
    '~',
    ';',
    '@',
    ':',
    '<script>',
  ),
  fc.string({ maxLength: 24 }).map(encodeOdd),
  fc.integer({ min: 200, max: 600 }).map((length) => 'a'.repeat(length)),
);

/** A path below the mount: segments of every kind, and a query of anything. */
const pathUnder = (mount: string) =>
  fc
    .tuple(
      mount === '/healthz' ? fc.constant([]) : fc.array(segment, { maxLength: 5 }),
      fc.option(fc.string({ maxLength: 40 }).map(encodeOdd), { nil: undefined }),
    )
    .map(([segments, query]) => `${mount}${segments.join('/')}${query === undefined ? '' : `?${query}`}`);

const headerValue = fc.string({ maxLength: 60 }).map((text) => text.replace(/[^\x20-\x7e]/g, ''));
const JWT_LIKE = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln';

const headers = fc.record(
  {
    'Content-Type': fc.constantFrom(
      'application/json',
      'application/json; charset=utf-16',
      'application/x-www-form-urlencoded',
      'text/plain',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
    ),
    Authorization: fc.oneof(
      fc.constantFrom('Bearer', 'Bearer ', `Bearer ${JWT_LIKE}`, 'Basic amRvZTp4', 'Negotiate x'),
      headerValue,
    ),
    Cookie: fc.oneof(fc.constantFrom('td_sso=x', 'a=b; c', '=', ';;'), headerValue),
    Accept: fc.constantFrom('application/json', 'text/html', '*/*', 'application/xml'),
    Origin: fc.constantFrom('null', 'https://evil.example', 'http://localhost'),
    'X-Forwarded-For': fc.oneof(fc.constantFrom('1.2.3.4', '::1, 10.0.0.1', 'garbage'), headerValue),
    'X-Forwarded-Host': headerValue,
    'Accept-Encoding': fc.constantFrom('gzip', 'br', 'identity', 'x'),
    Range: fc.constantFrom('bytes=0-1', 'bytes=9-1', 'x'),
  },
  { requiredKeys: [] },
);

const body = fc.oneof(
  fc.constant(undefined),
  fc.json().map((text) => text),
  fc.string({ maxLength: 200 }),
  fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)),
  fc
    .record({ username: fc.string(), password: fc.string(), BEID: fc.string(), WebServicesKey: fc.string() })
    .map((value) => JSON.stringify(value)),
);

const requestUnder = (mount: string) =>
  fc.record({
    method: fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND'),
    path: pathUnder(mount),
    headers,
    body,
    chunked: fc.boolean(),
  });

let server: TestServer;
let upstream: EchoUpstream;

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
let dist: string;

beforeAll(async () => {
  upstream = await startEchoUpstream();
  dist = makeTempDist();
  server = await startTestServer({
    config: {
      distDir: dist,
      // Not under test here: a generated request may be refused with 429, never a 5xx.
      rateLimit: 1_000_000,
      relayTenants: [{ name: 'echo', upstream: `${upstream.origin}/TDWebApi` }],
    },
  });
});
afterAll(async () => {
  await server.stop(true);
  await upstream.stop();
  rmSync(dist, { recursive: true, force: true });
});

describe('any request, on every mount', () => {
  it.each(MOUNTS)('%s: no 5xx and no crash', async (mount) => {
    await fc.assert(
      fc.asyncProperty(requestUnder(mount), async (options: SendOptions) => {
        const res = await send(server.origin, options);
        expect(res.status, `${options.method} ${options.path}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
      }),
      { numRuns: RUNS_PER_MOUNT },
    );
  });

  it('raw request targets: NUL, spaces, control bytes and bare bytes in the path', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...MOUNTS),
        fc.uint8Array({ minLength: 1, maxLength: 40 }),
        async (mount, bytes) => {
          const target = Buffer.concat([Buffer.from(mount), Buffer.from(bytes.filter((b) => b !== 0x0a))]);
          const res = await sendRaw(
            server.origin,
            Buffer.concat([
              Buffer.from('GET '),
              target,
              Buffer.from(' HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
            ]),
          );
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: RUNS_PER_MOUNT },
    );
  });

  it('left the server whole: healthy, nothing logged as a bug, and it still signs a user in', async () => {
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
    expect(server.logs.filter((line) => line.startsWith('internal error'))).toEqual([]);
    // Whatever was relayed stayed at or under the tenant's base (`/relay/echo?…` is the base itself), in no
    // spelling a tenant could turn into `..`.
    expect(upstream.requests.length).toBeGreaterThan(0);
    for (const { url } of upstream.requests) {
      expect(/^\/TDWebApi(?:[/?]|$)/.test(url), url).toBe(true);
      const segments = url.split('?')[0]!.split('/');
      for (const piece of segments) {
        let decoded = piece;
        for (let round = 0; round < 3; round++) decoded = safeDecode(decoded).normalize('NFKC');
        expect(['.', '..'].includes(decoded) || /[?#\\/]/.test(decoded), url).toBe(false);
      }
    }
    expect(await login(server.api, DEMO.jdoe)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });
});
