import { rmSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEchoUpstream, type EchoUpstream } from './testing/echo-upstream.ts';
import { requestUnder } from './testing/generated-requests.ts';
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
